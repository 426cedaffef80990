#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a `Decodable` value from a ``JSONValue`` the way Foundation's `JSONDecoder` does
/// under its default strategies, and throws the same kinds of `DecodingError`, with the coding
/// path of the offending value.
///
/// One instance decodes one value tree on one thread. Nested values reuse it: the coding path
/// and the current value are a stack, so a nested value costs no new decoder.
final class JSONValueDecoder: Decoder {
  /// The path of the value being decoded. Containers remember how deep they started.
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// The value being decoded.
  private(set) var value: JSONValue

  init(value: JSONValue, codingPath: [any CodingKey] = []) {
    self.value = value
    self.codingPath = codingPath
  }

  static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try JSONValueDecoder(value: value).unbox(value, as: type)
  }

  /// Decodes a nested value at `path` (pushed onto `codingPath` while it decodes).
  func unbox<T: Decodable>(
    _ value: JSONValue, as type: T.Type, at path: CodingPathSuffix, _ key: any CodingKey
  ) throws -> T {
    let depth = codingPath.count
    path.push(key, onto: &codingPath)
    defer { codingPath.removeSubrange(depth...) }
    return try unbox(value, as: type)
  }

  /// Decodes `value` at the current path.
  func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type) throws -> T {
    if T.self == JSONValue.self { return value as! T }
    if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
      return try unboxSpecial(value, as: type)
    }
    let saved = self.value
    self.value = value
    defer { self.value = saved }
    return try T(from: self)
  }

  /// Foundation's special cases, which `JSONDecoder` reads differently from their `Codable`
  /// conformances.
  private func unboxSpecial<T: Decodable>(_ value: JSONValue, as type: T.Type) throws -> T {
    if value.isNull { throw Self.error(.null, T.self, value, at: codingPath) }
    if T.self == Date.self {
      let interval = try unwrap(value, as: Double.self, at: codingPath)
      return Date(timeIntervalSinceReferenceDate: interval) as! T
    }
    if T.self == Data.self {
      let string = try unwrap(value, as: String.self, at: codingPath)
      guard let data = Data(base64Encoded: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
      }
      return data as! T
    }
    if T.self == URL.self {
      let string = try unwrap(value, as: String.self, at: codingPath)
      guard let url = URL(string: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: codingPath, debugDescription: "Invalid URL string \"\(string)\"."))
      }
      return url as! T
    }
    // Decimal, read from the literal's digits.
    let text: String
    switch value {
    case .int(let int): text = String(int)
    case .uint(let uint): text = String(uint)
    case .double(let double): text = JSONNumber.text(for: double) ?? ""
    case .number(let number): text = number
    default:
      throw Self.error(.mismatch, Decimal.self, value, at: codingPath)
    }
    guard let decimal = Decimal(string: text) else {
      throw Self.error(.notRepresentable(text), Decimal.self, value, at: codingPath)
    }
    return decimal as! T
  }

  /// A primitive, with `JSONDecoder`'s error when the value does not convert.
  @inline(__always)
  func unwrap<T: JSONPrimitive>(
    _ value: JSONValue, as type: T.Type, at path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    do {
      return try T.unwrap(value)
    } catch {
      throw Self.error(error, T.self, value, at: path())
    }
  }

  static func error(
    _ problem: JSONPrimitiveProblem, _ type: Any.Type, _ value: JSONValue, at path: [any CodingKey]
  ) -> DecodingError {
    switch problem {
    case .null:
      DecodingError.valueNotFound(
        type,
        DecodingError.Context(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
    case .mismatch:
      DecodingError.typeMismatch(
        type,
        DecodingError.Context(
          codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.kindDescription) instead."))
    case .notRepresentable(let text):
      DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: "Number \(text) does not fit in \(type)."))
    }
  }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw containerError([String: Any].self, "keyed decoding container", value, at: codingPath)
    }
    return KeyedDecodingContainer(KeyedContainer(decoder: self, object: object, depth: codingPath.count, extra: .none))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw containerError([Any].self, "unkeyed decoding container", value, at: codingPath)
    }
    return UnkeyedContainer(decoder: self, elements: elements, depth: codingPath.count, extra: .none)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func containerError(_ type: Any.Type, _ name: String, _ value: JSONValue, at path: [any CodingKey]) -> DecodingError {
    if value.isNull {
      return DecodingError.valueNotFound(
        type,
        DecodingError.Context(codingPath: path, debugDescription: "Cannot get \(name) -- found null value instead"))
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.kindDescription) instead."))
  }
}

// MARK: - Single value

extension JSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: String.Type) throws -> String { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrap(value, as: type, at: codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrap(value, as: type, at: codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(value, as: type) }
}

// MARK: - Primitives

/// Why a value does not convert to a primitive; the container adds the coding path.
enum JSONPrimitiveProblem: Error {
  case null
  case mismatch
  case notRepresentable(String)
}

/// The types every decoding container reads directly.
protocol JSONPrimitive {
  static func unwrap(_ value: JSONValue) throws(JSONPrimitiveProblem) -> Self
}

extension Bool: JSONPrimitive {
  static func unwrap(_ value: JSONValue) throws(JSONPrimitiveProblem) -> Bool {
    switch value {
    case .bool(let bool): return bool
    case .null: throw .null
    default: throw .mismatch
    }
  }
}

extension String: JSONPrimitive {
  static func unwrap(_ value: JSONValue) throws(JSONPrimitiveProblem) -> String {
    switch value {
    case .string(let string): return string
    case .null: throw .null
    default: throw .mismatch
    }
  }
}

extension JSONPrimitive where Self: FixedWidthInteger {
  static func unwrap(_ value: JSONValue) throws(JSONPrimitiveProblem) -> Self {
    if value.isNull { throw .null }
    do {
      return try JSONNumber.integer(Self.self, from: value)
    } catch {
      switch error {
      case .notANumber: throw .mismatch
      case .notRepresentable(let text): throw .notRepresentable(text)
      }
    }
  }
}

extension JSONPrimitive where Self: BinaryFloatingPoint & LosslessStringConvertible {
  static func unwrap(_ value: JSONValue) throws(JSONPrimitiveProblem) -> Self {
    if value.isNull { throw .null }
    do {
      return try JSONNumber.floatingPoint(Self.self, from: value)
    } catch {
      switch error {
      case .notANumber: throw .mismatch
      case .notRepresentable(let text): throw .notRepresentable(text)
      }
    }
  }
}

extension Int: JSONPrimitive {}
extension Int8: JSONPrimitive {}
extension Int16: JSONPrimitive {}
extension Int32: JSONPrimitive {}
extension Int64: JSONPrimitive {}
extension UInt: JSONPrimitive {}
extension UInt8: JSONPrimitive {}
extension UInt16: JSONPrimitive {}
extension UInt32: JSONPrimitive {}
extension UInt64: JSONPrimitive {}
extension Double: JSONPrimitive {}
extension Float: JSONPrimitive {}
