package import JSONCodec

/// Encodes `Encodable` values as compact UTF-8 JSON, the bytes Foundation's `JSONEncoder`
/// writes with its default strategies, but with keys in the order they were encoded, which is
/// stable from run to run (`JSONEncoder`'s own order is its dictionaries' hash order).
///
/// ```swift
/// enum Action: Codable { case textChanged(String?) }
/// let bytes = try LogJSONEncoder().encode(Action.textChanged("1234"))
/// // {"textChanged":{"_0":"1234"}}
/// ```
///
/// It is what the event log writes actions and states with. Like `JSONEncoder`, it writes
/// `Date` as seconds since 2001 (`timeIntervalSinceReferenceDate`), `Data` as base64, `URL` as
/// its `absoluteString`, `Decimal` as a number, escapes `/` as `\/`, leaves out `nil`
/// optionals, and throws for NaN and infinity. On Linux the bytes are produced by json-c.
///
/// It has no state, so one encoder can be used from any number of threads at once.
public struct LogJSONEncoder: Sendable {
  package var backend: JSONBackend

  public init() {
    backend = .preferred
  }

  package init(backend: JSONBackend) {
    self.backend = backend
  }

  /// The JSON for `value`: compact UTF-8, no trailing newline.
  ///
  /// - Throws: `LogCodecError` when the value cannot be written as JSON (NaN, infinity, a
  ///   top-level value that encodes nothing), or whatever the value's own `encode(to:)` throws.
  public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    var buffer: [UInt8] = []
    try encode(value, into: &buffer)
    return buffer
  }

  /// Appends the JSON for `value` to `buffer`, e.g. after the start of an event line.
  package func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
    try serialize(try encodeValue(value), into: &buffer)
  }

  /// The tree `value` encodes to, for callers that embed it in a larger value.
  package func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try withCodecErrors { try JSONValue(encoding: value) }
  }

  /// The compact JSON for a tree.
  package func serialize(_ value: JSONValue) throws(LogCodecError) -> [UInt8] {
    var buffer: [UInt8] = []
    try serialize(value, into: &buffer)
    return buffer
  }

  /// Appends the compact JSON for a tree to `buffer`.
  package func serialize(_ value: JSONValue, into buffer: inout [UInt8]) throws(LogCodecError) {
    try backend.serialize(value, into: &buffer)
  }
}
