package import JSONCodec

/// Decodes `Decodable` values from UTF-8 JSON, accepting and rejecting what Foundation's
/// `JSONDecoder` does under its default strategies.
///
/// ```swift
/// let action = try LogJSONDecoder().decode(Action.self, from: Array(#"{"textChanged":{"_0":"1234"}}"#.utf8))
/// ```
///
/// Numbers are converted as `JSONDecoder` converts them: `1.0` is a valid `Int`, while `1.9`,
/// `"12"` and `9223372036854775808` (as `Int64`) are errors. Input must be one complete JSON
/// value in valid UTF-8 (whitespace around it is fine). On Linux, json-c does the parsing.
///
/// It has no state, so one decoder can be used from any number of threads at once.
public struct LogJSONDecoder: Sendable {
  package var backend: JSONBackend
  /// The most memory the tree of one text may take, by `JSONParseBudget`'s estimate: more is
  /// refused before parsing (`LogCodecError.Kind.tooLarge`). ``maxParsedBytes`` by default.
  package var parseLimit: Int

  public init() {
    self.init(backend: .preferred)
  }

  package init(backend: JSONBackend, maxParsedBytes: Int = LogJSONDecoder.maxParsedBytes) {
    self.backend = backend
    self.parseLimit = maxParsedBytes
  }

  /// The most memory the parsed tree of one JSON text (one line of a log) may take, by an
  /// estimate made before parsing, so that a short text cannot expand to gigabytes: 64 MiB, or
  /// what `REFOLD_MAX_PARSED_BYTES` says (bytes, or with `K`, `M` or `G`). A text above it is
  /// refused with `LogCodecError.Kind.tooLarge`, and a log line with it is an error that
  /// names the file and the line.
  public static let maxParsedBytes = JSONParseBudget.limitFromEnvironment ?? JSONParseBudget.defaultLimit

  /// Decodes a value of `type` from the JSON in `bytes`.
  ///
  /// - Throws: `LogCodecError` naming the byte offset for input that is not JSON, or the
  ///   coding path for JSON of the wrong shape; or whatever the type's own `init(from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, from: try parseJSONLine(bytes))
  }

  /// Decodes a value of `type` from the JSON in `bytes`, without copying them.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
    try decode(type, from: try parseJSONLine(bytes))
  }

  /// Parses one JSON value (typically one line of the event log) into a tree, so that its
  /// fields can be read and its parts decoded without parsing again.
  package func parseJSONLine(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    try backend.parse(bytes, limit: parseLimit)
  }

  /// ``parseJSONLine(_:)`` of bytes behind a pointer (a reader's buffer, filled by `read`).
  package func parseJSONLine(_ bytes: UnsafeRawBufferPointer) throws(LogCodecError) -> JSONValue {
    try parseJSONLine(bytes.assumingMemoryBound(to: UInt8.self).span)
  }

  /// ``parseJSONLine(_:)`` of an array's bytes.
  package func parseJSONLine(_ bytes: [UInt8]) throws(LogCodecError) -> JSONValue {
    let whole = bytes[...]
    return try parseJSONLine(whole.span)
  }

  /// Decodes a value of `type` from a tree, e.g. the `action` member of a parsed line.
  package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try withCodecErrors { try value.decode(as: type) }
  }

  /// Decodes a value of `type` from a tree, letting a `DecodingError` through as it was thrown:
  /// unlike `LogCodecError` it names the type that did not decode (the enum whose case key
  /// was wrong, the `String` a number stood for), which an error message for a person needs.
  /// A `keyNotFound` carries the type asked for as a `MissingValueType`.
  package func decodeKeepingDecodingErrors<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try value.decode(as: type)
  }
}
