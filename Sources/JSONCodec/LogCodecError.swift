/// An error from the event log's `LogJSONEncoder` or `LogJSONDecoder`, or from writing a
/// ``JSONValue``, that says what went wrong and where.
///
/// Bytes that are not JSON name the byte offset; a value of the wrong shape names its coding
/// path, written the way you would reach it in Swift:
///
/// ```
/// invalid JSON at byte 27: unexpected character ']', expected ',' or '}' after an object member
/// type mismatch at action.textChanged._0: Expected to decode String but found a number instead.
/// ```
public struct LogCodecError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What kind of problem it is.
  public enum Kind: String, Sendable {
    /// The bytes are not a single valid JSON value (syntax, UTF-8, trailing data, nesting).
    case invalidJSON
    /// A value has the wrong JSON type for the Swift type (`"12"` as `Int`).
    case typeMismatch
    /// A required key is missing from an object.
    case keyNotFound
    /// A required value is `null`, or an array ran out of elements.
    case valueNotFound
    /// The JSON has the right type but an unusable value: a number that does not fit the Swift
    /// type (`1.9` or `300` as `Int8`; `JSONDecoder` reports these the same way), invalid
    /// base64, an invalid URL.
    case dataCorrupted
    /// A value cannot be written as JSON (NaN, infinity).
    case invalidValue
    /// The text's parsed tree would take more memory than a decoder allows
    /// (`LogJSONDecoder.maxParsedBytes`); it was not parsed.
    case tooLarge
  }

  public var kind: Kind
  /// A one-line explanation.
  public var message: String
  /// Where in the input bytes parsing failed, for ``Kind/invalidJSON``.
  public var byteOffset: Int?
  /// The path to the offending value, e.g. `action.textChanged._0` or `results[2].song`;
  /// empty for the top-level value.
  public var codingPath: String

  public init(kind: Kind, message: String, byteOffset: Int? = nil, codingPath: String = "") {
    self.kind = kind
    self.message = message
    self.byteOffset = byteOffset
    self.codingPath = codingPath
  }

  public var description: String {
    var where_ = ""
    if let byteOffset {
      where_ = " at byte \(byteOffset)"
    } else if !codingPath.isEmpty {
      where_ = " at \(codingPath)"
    }
    return "\(kind.summary)\(where_): \(message)"
  }
}

extension LogCodecError.Kind {
  package var summary: String {
    switch self {
    case .invalidJSON: "invalid JSON"
    case .typeMismatch: "type mismatch"
    case .keyNotFound: "key not found"
    case .valueNotFound: "value not found"
    case .dataCorrupted: "data corrupted"
    case .invalidValue: "invalid value"
    case .tooLarge: "too large"
    }
  }
}

extension LogCodecError {
  package static func invalidJSON(_ message: String, at offset: Int) -> Self {
    Self(kind: .invalidJSON, message: message, byteOffset: offset)
  }

  /// Renders a coding path the way Swift code reaches the value: `a.b[2].c`. The host's
  /// action-line errors write their paths with it too.
  package static func render(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        text += "[\(index)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text
  }

  /// The codec's view of a `DecodingError`, keeping its path and its explanation.
  package init(_ error: DecodingError) {
    switch error {
    case .typeMismatch(_, let context):
      self.init(kind: .typeMismatch, context)
    case .valueNotFound(_, let context):
      self.init(kind: .valueNotFound, context)
    case .keyNotFound(let key, let context):
      self.init(kind: .keyNotFound, context, appending: key)
    case .dataCorrupted(let context):
      self.init(kind: .dataCorrupted, context)
    @unknown default:
      self.init(kind: .dataCorrupted, message: "\(error)")
    }
  }

  /// The codec's view of an `EncodingError`.
  package init(_ error: EncodingError) {
    switch error {
    case .invalidValue(_, let context):
      self.init(
        kind: .invalidValue, message: context.debugDescription,
        codingPath: Self.render(context.codingPath))
    @unknown default:
      self.init(kind: .invalidValue, message: "\(error)")
    }
  }

  private init(kind: Kind, _ context: DecodingError.Context, appending key: (any CodingKey)? = nil) {
    var path = context.codingPath
    if let key { path.append(key) }
    var message = context.debugDescription
    if let underlying = context.underlyingError as? LogCodecError {
      message = underlying.message
    }
    self.init(kind: kind, message: message, codingPath: Self.render(path))
  }
}
