public import Foundation

/// A shared value as JSON, for a ``SharedChange`` that must be logged and decoded without
/// knowing the value's type: the store that applies it turns it back into the value.
public enum SharedJSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([SharedJSON])
  /// Members, sorted by key when decoded.
  case object([Member])

  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: SharedJSON
  }

  /// `value` as JSON.
  init<Value: Encodable>(encoding value: Value) throws {
    self = try JSONDecoder().decode(SharedJSON.self, from: JSONEncoder().encode(value))
  }

  /// The value this JSON encodes.
  func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(self))
  }
}

extension SharedJSON: Codable {
  private struct Name: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var elements: [SharedJSON] = []
      while !array.isAtEnd { elements.append(try array.decode(SharedJSON.self)) }
      self = .array(elements)
    } else if let object = try? decoder.container(keyedBy: Name.self) {
      // Sorted, so that the same value always writes the same line (decoders do not keep the
      // order of an object's members).
      let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
      self = .object(try keys.map { Member(key: $0.stringValue, value: try object.decode(SharedJSON.self, forKey: $0)) })
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let integer = try? single.decode(Int64.self) {
        self = .integer(integer)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
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
    case .integer(let value): try value.encode(to: encoder)
    case .number(let value): try value.encode(to: encoder)
    case .string(let value): try value.encode(to: encoder)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Name.self)
      for member in members { try object.encode(member.value, forKey: Name(stringValue: member.key)) }
    }
  }
}
