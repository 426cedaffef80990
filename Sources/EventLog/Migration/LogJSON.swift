package import JSONCodec

/// A JSON value as a log holds it, for migrations to rewrite: objects keep their keys in order,
/// and integers stay exact (a 64-bit id is never rounded through a `Double`).
///
/// ```swift
/// LogMigration(from: 1, action: { action in
///   action.renameCase("textChanged", to: "textEdited")
/// }, state: { state in
///   state.insert("currency", default: "KRW")
///   state.renameKey("output", to: "display")
/// })
/// ```
///
/// Subscripts read and write members and elements; writing `nil` to a member removes it.
public struct LogJSON: Sendable, Equatable, CustomStringConvertible {
  package var value: JSONValue

  package init(_ value: JSONValue) {
    self.value = value
  }

  public static let null = LogJSON(.null)

  public init(_ string: String) { value = .string(string) }
  public init(_ bool: Bool) { value = .bool(bool) }
  public init(_ integer: Int) { value = .int(Int64(integer)) }
  public init(_ integer: Int64) { value = .int(integer) }
  public init(_ integer: UInt64) { value = JSONValue(integer) }
  /// A finite number; NaN and the infinities, which JSON cannot hold, are `null`.
  public init(_ double: Double) { value = double.isFinite ? .double(double) : .null }
  public init(_ elements: [LogJSON]) { value = .array(elements.map(\.value)) }
  /// An object with these members, in this order.
  public init(_ members: KeyValuePairs<String, LogJSON>) {
    value = .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value.value) }))
  }

  // MARK: Reading

  public var string: String? { value.stringValue }
  public var bool: Bool? { value.boolValue }
  public var int: Int64? { value.int64Value }
  public var uint: UInt64? { value.uint64Value }
  public var double: Double? { value.doubleValue }
  public var isNull: Bool { value.isNull }
  public var array: [LogJSON]? { value.arrayValue?.map(LogJSON.init) }
  /// An object's keys, in order; nil for anything else.
  public var keys: [String]? { value.objectValue?.members.map(\.key) }

  /// The case an enum's synthesized `Codable` shape names: the single key of an object
  /// (`{"textChanged":{"_0":"12"}}`), or a string (a case without payload of a `String` raw
  /// value enum); nil otherwise.
  public var caseName: String? {
    switch value {
    case .object(let object) where object.count == 1: object[0].key
    case .string(let string): string
    default: nil
    }
  }

  /// The payload of a synthesized enum case, `{"_0":…}` or `{"label":…}`; nil otherwise.
  public var casePayload: LogJSON? {
    get {
      guard case .object(let object) = value, object.count == 1 else { return nil }
      return LogJSON(object[0].value)
    }
    set {
      guard case .object(var object) = value, object.count == 1 else { return }
      object.members[0].value = newValue?.value ?? .object(JSONObject())
      value = .object(object)
    }
  }

  // MARK: Members and elements

  /// An object's member: nil when absent or when this is not an object. Setting `nil` removes
  /// the member; setting a value replaces it in place, or appends it. On anything but an object,
  /// setting does nothing.
  public subscript(key: String) -> LogJSON? {
    get { value[key].map(LogJSON.init) }
    set {
      guard case .object(var object) = value else { return }
      if let index = object.members.firstIndex(where: { $0.key == key }) {
        if let newValue { object.members[index].value = newValue.value } else { object.members.remove(at: index) }
      } else if let newValue {
        object.append(key, newValue.value)
      }
      value = .object(object)
    }
  }

  /// An array's element: nil out of range or when this is not an array. Setting `nil` removes
  /// it; setting out of range does nothing.
  public subscript(index: Int) -> LogJSON? {
    get {
      guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
      return LogJSON(elements[index])
    }
    set {
      guard case .array(var elements) = value, elements.indices.contains(index) else { return }
      if let newValue { elements[index] = newValue.value } else { elements.remove(at: index) }
      value = .array(elements)
    }
  }

  // MARK: Helpers for migrations

  /// Renames the case this value names (``caseName``) when it is `old`; otherwise does nothing.
  /// Returns whether it renamed.
  @discardableResult
  public mutating func renameCase(_ old: String, to new: String) -> Bool {
    switch value {
    case .object(var object) where object.count == 1 && object[0].key == old:
      object.members[0].key = new
      value = .object(object)
      return true
    case .string(old):
      value = .string(new)
      return true
    default:
      return false
    }
  }

  /// Renames this object's member `old` to `new`, in its place; does nothing when there is no
  /// such member. Returns whether it renamed.
  @discardableResult
  public mutating func renameKey(_ old: String, to new: String) -> Bool {
    guard case .object(var object) = value, let index = object.members.firstIndex(where: { $0.key == old }) else {
      return false
    }
    object.members[index].key = new
    value = .object(object)
    return true
  }

  /// Adds the member `key` with `defaultValue` when this object does not have it: a field a
  /// later schema added. Returns whether it inserted.
  @discardableResult
  public mutating func insert(_ key: String, default defaultValue: LogJSON) -> Bool {
    guard case .object = value, self[key] == nil else { return false }
    self[key] = defaultValue
    return true
  }

  /// Compact JSON.
  public var description: String {
    (try? LogJSONEncoder().serialize(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

extension LogJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self.init(value) }
  public init(booleanLiteral value: Bool) { self.init(value) }
  public init(integerLiteral value: Int) { self.init(value) }
  public init(floatLiteral value: Double) { self.init(value) }
  public init(arrayLiteral elements: LogJSON...) { self.init(elements) }
  /// An object literal keeps its keys in the order written.
  public init(dictionaryLiteral elements: (String, LogJSON)...) {
    value = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1.value) }))
  }
}
