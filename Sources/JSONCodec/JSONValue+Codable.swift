/// `Codable` values to and from their JSON, without bytes in between, and a `JSONValue` inside
/// another `Codable` value (a `SharedChange`).
extension JSONValue {
  /// The JSON `value` encodes to, as `JSONEncoder` writes it under its default strategies
  /// (a `Date` as seconds since 2001, `Data` as base64), with members in the order they were
  /// encoded.
  ///
  /// - Throws: `EncodingError` for NaN or infinity, or whatever the value's `encode(to:)` throws.
  public init<Value: Encodable>(encoding value: Value) throws {
    self = try JSONValueEncoder.encode(value)
  }

  /// The value of `type` this JSON encodes, as `JSONDecoder` reads it under its default
  /// strategies.
  ///
  /// - Throws: `DecodingError` naming the coding path, or whatever the type's `init(from:)`
  ///   throws.
  public func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
    try JSONValueDecoder.decode(type, from: self)
  }
}

/// A `JSONValue` inside a `Codable` value: the codec embeds it as it is. Another coder
/// (Foundation's `JSONEncoder`) gets its members and numbers through its containers; objects
/// decoded that way have their keys sorted, since such a decoder does not keep their order.
extension JSONValue: Codable {
  private struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  // NB: The codec's own decoder never gets here: it hands its `JSONValue` over before any
  //     `init(from:)` runs (`unbox`), keeping the object's key order.
  public init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else if let object = try? decoder.container(keyedBy: Name.self) {
      let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
      self = .object(JSONObject(try keys.map { .init(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) }))
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let int = try? single.decode(Int64.self) {
        self = .int(int)
      } else if let uint = try? single.decode(UInt64.self) {
        self = .uint(uint)
      } else if let double = try? single.decode(Double.self) {
        self = .double(double)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    // A scalar encodes itself into a single-value container.
    case .bool(let value): try value.encode(to: encoder)
    case .int(let value): try value.encode(to: encoder)
    case .uint(let value): try value.encode(to: encoder)
    case .double(let value): try value.encode(to: encoder)
    case .number(let text):
      // Another coder has no way to write a literal as it is: the nearest `Double`.
      guard let double = Double(text) else {
        throw EncodingError.invalidValue(
          text, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(text) is not a JSON number."))
      }
      try double.encode(to: encoder)
    case .string(let value): try value.encode(to: encoder)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: Name.self)
      for member in object.members { try container.encode(member.value, forKey: Name(stringValue: member.key)) }
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// Compact JSON, as the event log writes it; `null` for a value that cannot be written
  /// (NaN, or text that is not a number in ``number(_:)``).
  public var description: String {
    var buffer: [UInt8] = []
    guard (try? JSONWriter.write(self, into: &buffer)) != nil else { return "null" }
    return String(decoding: buffer, as: UTF8.self)
  }
}
