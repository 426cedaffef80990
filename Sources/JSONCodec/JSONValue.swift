/// A JSON value as Refold reads and writes it: a line of the event log, a shared value on its
/// way between stores (`SharedChange`), the action or state a migration rewrites.
///
/// Objects keep their members in the order they were written or encoded, and numbers keep the
/// form they came in, so that nothing is rounded on the way through: integer literals stay
/// integers (a 64-bit id is never rounded through a `Double`), and a literal that no `Int64`,
/// `UInt64` or `Double` holds exactly stays text (``number(_:)``).
///
/// ```swift
/// let json = try JSONValue(encoding: Settings(theme: "dark", fontSize: 14))
/// json["theme"]?.stringValue          // "dark"
/// let settings = try json.decode(as: Settings.self)
///
/// var state: JSONValue = ["output": "12", "mode": "basic"]
/// state.renameKey("output", to: "display")
/// state["currency"] = "KRW"
/// ```
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// An integer in `Int64.min...Int64.max`.
  case int(Int64)
  /// An integer above `Int64.max` that fits in `UInt64`.
  case uint(UInt64)
  /// A number with a fraction or an exponent. Written as `JSONEncoder` writes a `Double`;
  /// NaN and the infinities cannot be written (``LogCodecError/Kind/invalidValue``).
  case double(Double)
  /// A number kept as its JSON text: a `Decimal` or `Float` from the encoder, or a literal from
  /// the parser that no `Int64`, `UInt64` or `Double` holds exactly (`1e400`, 2^64,
  /// 2^53 + 1.0). Text that is not JSON number syntax cannot be written
  /// (``LogCodecError/Kind/invalidValue``).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

/// The members of a JSON object in the order they were written or encoded.
///
/// Duplicate keys are kept as they came; lookups return the first, as `JSONDecoder` does.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  public var members: [Member]

  public init() { members = [] }

  public init(_ members: [Member]) { self.members = members }

  public init(_ pairs: KeyValuePairs<String, JSONValue>) {
    members = pairs.map { Member(key: $0.key, value: $0.value) }
  }

  public var startIndex: Int { members.startIndex }
  public var endIndex: Int { members.endIndex }
  public subscript(position: Int) -> Member { members[position] }

  /// The value of the first member named `key`.
  public subscript(key: String) -> JSONValue? {
    for member in members where member.key == key {
      return member.value
    }
    return nil
  }

  /// Adds a member after the others, even when one has the same key.
  public mutating func append(_ key: String, _ value: JSONValue) {
    members.append(Member(key: key, value: value))
  }
}

/// `["seq": 1, "origin": "send"]`: members in the order written.
extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements.map { Member(key: $0.0, value: $0.1) })
  }
}

// MARK: Reading

extension JSONValue {
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  public var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The value as `Int64` when it is a whole number in range, by the rules `JSONDecoder` uses
  /// (`3.0` is 3, `3.5` is nil).
  public var int64Value: Int64? { try? JSONNumber.integer(Int64.self, from: self) }

  /// The value as `UInt64` when it is a whole number in range, by the rules `JSONDecoder` uses.
  public var uint64Value: UInt64? { try? JSONNumber.integer(UInt64.self, from: self) }

  /// The value as `Double` when it is a number, by the rules `JSONDecoder` uses.
  public var doubleValue: Double? { try? JSONNumber.floatingPoint(Double.self, from: self) }

  public var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// An object's keys, in order; nil for anything else.
  public var keys: [String]? { objectValue?.members.map(\.key) }

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

// MARK: Equality

/// Two values are equal when they are the same JSON: numbers compare by value, whatever form
/// they came in. A `Decimal` encodes to ``number(_:)`` (`"0.1"`) and the same text parses to
/// ``double(_:)`` (0.1), and `3.0` parses to a double where `3` is an integer, so a value compared
/// with itself after a trip through a log would otherwise differ. A literal no `Double` holds
/// exactly (2^53 + 1.0, `1e400`) still compares by its text, so nothing is rounded to equal.
extension JSONValue {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let left), .bool(let right)): left == right
    case (.string(let left), .string(let right)): left == right
    case (.array(let left), .array(let right)): left == right
    case (.object(let left), .object(let right)): left == right
    default:
      if let left = lhs.numericValue, let right = rhs.numericValue { left == right } else { false }
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let bool): hasher.combine(bool)
    case .string(let string): hasher.combine(string)
    case .array(let elements): hasher.combine(elements)
    case .object(let object): hasher.combine(object)
    case .int, .uint, .double, .number: hasher.combine(numericValue)
    }
  }

  /// A number in one form per value, for ``==(_:_:)`` and hashing; nil for anything else.
  private var numericValue: NumericValue? {
    switch self {
    case .int(let int): .integer(int)
    case .uint(let uint): Int64(exactly: uint).map(NumericValue.integer) ?? .unsigned(uint)
    case .double(let double):
      if let int = Int64(exactly: double) {
        .integer(int)
      } else if let uint = UInt64(exactly: double) {
        .unsigned(uint)
      } else {
        .double(double)
      }
    case .number(let text):
      // The form the parsers give the text; a literal a `Double` prints back exactly is that
      // `Double`.
      switch Self.parsedNumber(text) {
      case .number(let kept)?:
        if let double = Double(kept), double.isFinite, JSONNumber.text(for: double) == kept {
          JSONValue.double(double).numericValue
        } else {
          .text(kept)
        }
      case let parsed?: parsed.numericValue
      case nil: .text(text)
      }
    default: nil
    }
  }

  private static func parsedNumber(_ text: String) -> JSONValue? {
    return JSONNumber.classify(text)
  }

  private enum NumericValue: Hashable {
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case text(String)
  }
}
