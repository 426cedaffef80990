import Foundation

/// A log that cannot be read: the file, the line and the seq (when known), and what is wrong.
///
/// ```
/// events.log:1042 (seq 1041): checksum mismatch: the line says 3a1f09c2, its bytes give 77d0e511
/// events.log:1 : the log is for feature "signIn", not "amountInput"
/// events.log:7 (seq 6): cannot decode the action: unknown case "textChange"
/// ```
///
/// A torn last line is not an error: it is dropped with a warning (see ``LogReader/warnings``).
public struct LogReadError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// The file cannot be opened or read (missing, permissions, I/O error).
    case unreadable
    /// The path is a directory.
    case isDirectory
    /// The file has no bytes.
    case empty
    /// The file is not a Refold event log (random bytes, some other JSON).
    case notALog
    /// The header line is cut short, missing fields, or malformed.
    case badHeader
    /// The header names a format version this reader does not know.
    case unsupportedVersion
    /// The header is for another feature than the one asked for.
    case featureMismatch
    /// The header's feature schema version is not the one asked for: the log was recorded
    /// with another shape of `State` or `Action`.
    case schemaMismatch
    /// A line's checksum does not match its bytes, or the checksum member is missing.
    case checksumMismatch
    /// A line is not the JSON it should be, or lacks a field.
    case malformedLine
    /// A line's JSON would take more memory parsed than a reader allows
    /// (``LogJSONDecoder/maxParsedBytes``): it was not parsed.
    case lineTooLarge
    /// A line is JSON, but neither an event nor a checkpoint.
    case unknownLineKind
    /// An event's seq is not the one after the previous event's (a gap or a repeat).
    case seqOutOfOrder
    /// A checkpoint does not directly follow the event it is for, or one that must be there is
    /// missing.
    case checkpointOutOfPlace
    /// An action does not decode into the reducer's `Action`.
    case undecodableAction
    /// A state (the header's, or a snapshot's) does not decode into the reducer's `State`, or
    /// does not match its own digest.
    case undecodableState
    /// `until:` asked for a seq after the last event.
    case seqPastEnd
  }

  public var kind: Kind
  /// The path of the log, as given.
  public var file: String
  /// The 1-based line number, when the problem is on a line.
  public var line: Int?
  /// The seq of the event on that line, or of the last good event before it (``afterSeq``).
  public var seq: UInt64?
  /// Whether ``seq`` is the seq of the last good event before the line rather than the line's.
  public var afterSeq: Bool
  public var message: String

  public init(
    _ kind: Kind, file: String, line: Int? = nil, seq: UInt64? = nil, afterSeq: Bool = false, message: String
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.seq = seq
    self.afterSeq = afterSeq
    self.message = message
  }

  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    if let seq { text += afterSeq ? " (after seq \(seq))" : " (seq \(seq))" }
    return text + ": " + message
  }
}

extension LogReadError {
  /// The path a ``LogReadError`` shows for `url`: as the caller gave it.
  static func displayPath(_ url: URL) -> String {
    url.isFileURL ? url.relativePath : url.absoluteString
  }
}
