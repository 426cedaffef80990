/// A parsed or encoded JSON value: the tree between bytes and `Codable`.
///
/// The event log parses a line once into a `JSONValue`, reads `seq`, `t` and `origin` from it,
/// and decodes the `action` member without parsing again:
///
/// ```swift
/// let line = try LogJSONDecoder().parseJSONLine(bytes)
/// let seq = line["seq"]?.uint64Value
/// let action = try LogJSONDecoder().decode(Action.self, from: line["action"] ?? .null)
/// ```
///
/// Numbers keep the form they came in, so that nothing is rounded on the way through:
/// integer literals stay integers, and a literal that no `Int64`, `UInt64` or `Double` holds
/// exactly stays text (``number(_:)``).
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// An integer literal in `Int64.min...Int64.max`.
  case int(Int64)
  /// An integer literal above `Int64.max` that fits in `UInt64`.
  case uint(UInt64)
  /// A literal with a fraction or an exponent, finite and below 2^53 in magnitude.
  case double(Double)
  /// A number kept as its JSON text: a `Decimal` or `Float` from the encoder, or a literal from
  /// the parser that no `Int64`, `UInt64` or `Double` holds exactly (`1e400`, 2^64, 2^53 + 1.0).
  /// The text is always valid JSON number syntax.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

/// The members of a JSON object in the order they were written or encoded.
///
/// Duplicate keys are kept as they came; lookups return the first, as `JSONDecoder` does.
package struct JSONObject: Sendable, Equatable, RandomAccessCollection {
  package struct Member: Sendable, Equatable {
    package var key: String
    package var value: JSONValue

    package init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  package var members: [Member]

  package init() { members = [] }

  package init(_ members: [Member]) { self.members = members }

  package init(_ pairs: KeyValuePairs<String, JSONValue>) {
    members = pairs.map { Member(key: $0.key, value: $0.value) }
  }

  package var startIndex: Int { members.startIndex }
  package var endIndex: Int { members.endIndex }
  package subscript(position: Int) -> Member { members[position] }

  /// The value of the first member named `key`.
  package subscript(key: String) -> JSONValue? {
    for member in members where member.key == key {
      return member.value
    }
    return nil
  }

  package mutating func append(_ key: String, _ value: JSONValue) {
    members.append(Member(key: key, value: value))
  }
}

extension JSONValue {
  /// An integer as the encoder writes it: `.int` when it fits in `Int64`, else `.uint`.
  package init<T: FixedWidthInteger>(_ value: T) {
    if let int = Int64(exactly: value) {
      self = .int(int)
    } else {
      self = .uint(UInt64(value))
    }
  }

  /// The value of the first member named `key` when this is an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  package var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  package var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  package var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  /// The value as `Int64` when it is a whole number in range, by the rules `JSONDecoder` uses.
  package var int64Value: Int64? { try? JSONNumber.integer(Int64.self, from: self) }

  /// The value as `UInt64` when it is a whole number in range, by the rules `JSONDecoder` uses.
  package var uint64Value: UInt64? { try? JSONNumber.integer(UInt64.self, from: self) }

  /// The value as `Double` when it is a number, by the rules `JSONDecoder` uses.
  package var doubleValue: Double? { try? JSONNumber.floatingPoint(Double.self, from: self) }

  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// How `JSONDecoder` names the kind of a value in a type-mismatch message.
  package var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .uint, .double, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// `["seq": .int(1), "origin": .string("send")]`, for code that builds JSON to send (the
/// inspector's answers).
extension JSONObject: ExpressibleByDictionaryLiteral {
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements.map { Member(key: $0.0, value: $0.1) })
  }
}

extension JSONValue {
  /// The tree `value` encodes to, by `JSONEncoder`'s default strategies with keys in the order
  /// they were encoded.
  ///
  /// - Throws: `EncodingError` for NaN or infinity, or whatever the value's `encode(to:)` throws.
  package init<Value: Encodable>(encoding value: Value) throws {
    self = try JSONValueEncoder.encode(value)
  }

  /// The value of `type` this tree encodes, by `JSONDecoder`'s default strategies.
  ///
  /// - Throws: `DecodingError` naming the coding path, or whatever the type's `init(from:)`
  ///   throws; a `keyNotFound`'s underlying error is a ``MissingValueType``.
  package func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
    try JSONValueDecoder.decode(type, from: self)
  }
}
