#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns an `Encodable` value into a ``JSONValue`` with the shape Foundation's `JSONEncoder`
/// gives it under its default strategies.
///
/// Foundation's special cases are kept: `Date` is its `timeIntervalSinceReferenceDate`, `Data`
/// is base64, `URL` is its `absoluteString`, `Decimal` is a number; NaN and infinity throw.
/// Keys stay in the order they were encoded (`JSONEncoder` writes them in hash order, which
/// changes from run to run); a key encoded twice keeps its first place and its last value.
///
/// One instance encodes one value tree on one thread. Nested values reuse it: the coding path
/// and the current storage are a stack, so a nested value costs no new encoder.
final class JSONValueEncoder: Encoder {
  /// The path of the value being encoded. Containers remember how deep they started.
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// What the value being encoded has written so far.
  var storage: EncodedNode?

  init(codingPath: [any CodingKey] = []) {
    self.codingPath = codingPath
  }

  /// Encodes a top-level value.
  static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let encoder = JSONValueEncoder()
    if let special = try encoder.specialValue(value) { return special }
    try value.encode(to: encoder)
    guard let storage = encoder.storage else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    return storage.finish()
  }

  /// Encodes a nested value at `path` (pushed onto `codingPath` while it encodes).
  func box<T: Encodable>(_ value: T, at path: CodingPathSuffix, _ key: any CodingKey) throws -> JSONValue {
    let depth = codingPath.count
    path.push(key, onto: &codingPath)
    defer { codingPath.removeSubrange(depth...) }
    if let special = try specialValue(value) { return special }
    let saved = storage
    storage = nil
    defer { storage = saved }
    try value.encode(to: self)
    // A nested value that encodes nothing is an empty object in JSONEncoder's output.
    return storage?.finish() ?? .object(JSONObject())
  }

  /// Foundation's special cases, which `JSONEncoder` writes differently from their `Codable`
  /// conformances.
  private func specialValue<T: Encodable>(_ value: T) throws -> JSONValue? {
    if T.self == JSONValue.self {
      // Embedded as it is: its numbers keep their exact form.
      return (value as! JSONValue)
    } else if T.self == Date.self {
      return try double((value as! Date).timeIntervalSinceReferenceDate)
    } else if T.self == Data.self {
      return .string((value as! Data).base64EncodedString())
    } else if T.self == URL.self {
      return .string((value as! URL).absoluteString)
    } else if T.self == Decimal.self {
      let decimal = value as! Decimal
      guard !decimal.isNaN else {
        throw EncodingError.invalidValue(
          decimal,
          EncodingError.Context(codingPath: codingPath, debugDescription: "Unable to encode Decimal.nan in JSON."))
      }
      return .number(decimal.description)
    }
    return nil
  }

  // MARK: Primitives

  private func double(_ value: Double) throws -> JSONValue {
    guard let json = Self.double(value) else { throw invalidFloatingPoint(value, at: codingPath) }
    return json
  }

  static func double(_ value: Double) -> JSONValue? {
    value.isFinite ? .double(value) : nil
  }

  /// A `Float` keeps its own shortest text: `Float(0.1)` is `0.1`, not `0.10000000149011612`.
  static func float(_ value: Float) -> JSONValue? {
    JSONNumber.text(for: value).map(JSONValue.number)
  }

  static func integer<T: FixedWidthInteger>(_ value: T) -> JSONValue { JSONValue(value) }

  /// `JSONEncoder`'s error for NaN and infinity.
  func invalidFloatingPoint<T: BinaryFloatingPoint>(_ value: T, at path: [any CodingKey]) -> EncodingError {
    let name = value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
    return EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: path, debugDescription: "Unable to encode \(T.self).\(name) directly in JSON."))
  }

  // MARK: Encoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let object: ObjectBuilder
    if case .object(let existing) = storage {
      object = existing  // a superclass asks for the same container again
    } else {
      object = ObjectBuilder()
      storage = .object(object)
    }
    return KeyedEncodingContainer(KeyedContainer(encoder: self, object: object, depth: codingPath.count, extra: .none))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: ArrayBuilder
    if case .array(let existing) = storage {
      array = existing
    } else {
      array = ArrayBuilder()
      storage = .array(array)
    }
    return UnkeyedContainer(encoder: self, array: array, depth: codingPath.count, extra: .none)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

// MARK: - Single value

extension JSONValueEncoder: SingleValueEncodingContainer {
  func encodeNil() throws { storage = .value(.null) }
  func encode(_ value: Bool) throws { storage = .value(.bool(value)) }
  func encode(_ value: String) throws { storage = .value(.string(value)) }
  func encode(_ value: Double) throws { storage = .value(try double(value)) }

  func encode(_ value: Float) throws {
    guard let json = Self.float(value) else { throw invalidFloatingPoint(value, at: codingPath) }
    storage = .value(json)
  }

  func encode(_ value: Int) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: Int8) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: Int16) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: Int32) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: Int64) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: UInt) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: UInt8) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: UInt16) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: UInt32) throws { storage = .value(Self.integer(value)) }
  func encode(_ value: UInt64) throws { storage = .value(Self.integer(value)) }

  func encode<T: Encodable>(_ value: T) throws {
    if let special = try specialValue(value) {
      storage = .value(special)
    } else {
      storage = nil
      try value.encode(to: self)
      if storage == nil { storage = .value(.object(JSONObject())) }
    }
  }
}

/// A coding key for array positions and for `super`, named as `JSONEncoder` names them.
/// An array position builds its name (`Index 3`) only when someone asks for it.
struct JSONCodingKey: CodingKey {
  private let name: String?
  let intValue: Int?

  var stringValue: String { name ?? "Index \(intValue ?? 0)" }

  init(stringValue: String) {
    self.name = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.name = "\(intValue)"
    self.intValue = intValue
  }

  init(index: Int) {
    self.name = nil
    self.intValue = index
  }

  static let `super` = JSONCodingKey(stringValue: "super")
}
