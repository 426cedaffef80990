/// Values from Swift's: `JSONValue("KRW")`, `JSONValue(42)`, or a literal where a `JSONValue`
/// is expected (`state["currency"] = "KRW"`, `["typed": ["_0": "a"]]`).
extension JSONValue {
  public init(_ string: String) { self = .string(string) }

  public init(_ bool: Bool) { self = .bool(bool) }

  /// An integer as the encoder writes it: ``int(_:)`` when it fits in `Int64`, else ``uint(_:)``.
  public init<Integer: FixedWidthInteger>(_ value: Integer) {
    if let int = Int64(exactly: value) {
      self = .int(int)
    } else {
      self = .uint(UInt64(value))
    }
  }

  /// A finite number; NaN and the infinities, which JSON cannot hold, are ``null``.
  public init(_ double: Double) { self = double.isFinite ? .double(double) : .null }

  public init(_ elements: [JSONValue]) { self = .array(elements) }

  /// An object with these members, in this order.
  public init(_ members: KeyValuePairs<String, JSONValue>) { self = .object(JSONObject(members)) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self.init(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object literal keeps its keys in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}
