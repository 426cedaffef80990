/// A value, typically a feature's `Action`, that reads itself from the bytes of its log JSON
/// without a `Decoder`.
///
/// Replay decodes every event's action. Through `Decodable` that is most of an event's cost
/// when actions do not repeat: a tree of the JSON, then keyed containers whose generic look-ups
/// the runtime does for every event. A conforming type reads the same bytes with a
/// ``LogJSONReader`` instead, and replay uses it whenever the log needs no migration.
///
/// The reading is a shortcut, never the judge. When ``read(from:)`` throws
/// ``LogJSONReader/Miss``, replay decodes the same bytes through `Decodable`, which accepts,
/// rejects and explains them as it always did. So a conformance reads only the shapes it
/// expects (the reader itself gives up on whitespace, on escapes in a string, on anything
/// unusual), and must return exactly what `init(from:)` returns for the bytes it accepts. In
/// particular, give up on a key seen twice: `Decodable` would take its first value.
///
/// For an enum whose `Codable` conformance Swift synthesizes, each case is an object of one
/// member, the case's name, whose value holds the associated values by label (`_0`, `_1`… for
/// unlabelled ones): `{"textChanged":{"_0":"1234"}}`. An optional missing or `null` is `nil`.
///
/// ```swift
/// extension AmountInput.Action: LogDecodable {
///   public static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
///     guard try json.caseName() == "textChanged" else { throw LogJSONReader.Miss() }
///     var text: String?
///     var seen = false
///     while let key = try json.nextKey() {
///       guard key == "_0", !seen else { throw LogJSONReader.Miss() }
///       seen = true
///       text = try json.readNull() ? nil : json.string()
///     }
///     try json.endCase()
///     return .textChanged(text)
///   }
/// }
/// ```
///
/// For such an enum the `@LogDecodable` macro (`import LogDecoding`) writes this conformance.
/// Check a hand-written one against `Decodable` on the JSON your feature writes with
/// ``LogJSONReader/read(_:from:)``, which returns `nil` where the reader gave up.
public protocol LogDecodable: Decodable, SendableMetatype {
  /// The value in `json`, read from where the reader stands to the end of the value.
  ///
  /// - Throws: ``LogJSONReader/Miss`` for anything it does not read; replay then decodes the
  ///   bytes through `Decodable`.
  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self
}
