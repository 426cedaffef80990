#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a ``Recorder`` could not start, or stopped recording: the file and the cause.
///
/// ```
/// cannot create /var/log/x/events.log: No such file or directory (does the folder exist?)
/// recording to events.log stopped at seq 1042: write failed: No space left on device (the file
///   holds every event through seq 1000; of seq 1001…1042, those that fit, the last perhaps cut short)
/// recording to events.log stopped at seq 77: the log file was removed while recording
/// ```
///
/// When recording stops, the next ``Recorder/didCommit(_:)`` throws this, so that the store
/// detaches the recorder (and reports it) and keeps running; ``Recorder/close()`` throws it too.
/// What was written before stays readable.
public struct RecorderError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// The file cannot be created or opened (missing folder, permissions).
    case cannotCreate
    /// The file exists and ``RecorderOptions/existingFile`` is ``ExistingFilePolicy/fail``.
    case alreadyExists
    /// The existing file cannot be continued (not a log, another feature, a corrupt last line).
    case cannotAppend
    /// The initial state given for ``ExistingFilePolicy/append`` is not the log's last state.
    case resumeMismatch
    /// The ``RecorderOptions`` are inconsistent.
    case invalidOptions
    /// `write(2)` failed (disk full, I/O error).
    case writeFailed
    /// `fsync(2)` failed.
    case syncFailed
    /// The file was unlinked while recording.
    case fileRemoved
    /// Another file now has the log's path.
    case fileReplaced
    /// An action or state could not be encoded (NaN, infinity).
    case encodingFailed
    /// An action or state encodes to a line longer than a reader takes (256 MiB): recording
    /// stops before it, so that the log stays readable.
    case lineTooLong
    /// ``Recorder/close()`` was called; nothing more is recorded.
    case closed
  }

  public var kind: Kind
  /// The log's path.
  public var path: String
  /// Where recording stopped, when it had started: the last seq of the batch that was being
  /// written or fsynced (or the seq that could not be encoded). That batch may be on disk in
  /// part; everything up to ``Recorder/durableSeq`` is on disk whole.
  public var seq: UInt64?
  public var message: String
  /// The `errno` of the failing call, when there was one.
  public var errno: Int32?

  public init(_ kind: Kind, path: String, seq: UInt64? = nil, message: String, errno: Int32? = nil) {
    self.kind = kind
    self.path = path
    self.seq = seq
    self.message = message
    self.errno = errno
  }

  public var description: String {
    switch kind {
    case .cannotCreate, .alreadyExists, .invalidOptions:
      "cannot record to \(path): \(message)"
    case .cannotAppend, .resumeMismatch:
      "cannot append to \(path): \(message)"
    case .closed:
      "the recorder for \(path) is closed: \(message)"
    case .writeFailed where seq == nil, .syncFailed where seq == nil:
      // The header: nothing was recorded yet, so `init` throws it.
      "cannot record to \(path): \(message)"
    case .writeFailed, .syncFailed, .fileRemoved, .fileReplaced, .encodingFailed, .lineTooLong:
      "recording to \(path) stopped" + (seq.map { " at seq \($0)" } ?? "") + ": \(message)"
    }
  }

  static func system(_ kind: Kind, path: String, seq: UInt64? = nil, _ what: String, code: Int32) -> Self {
    var message = "\(what): \(String(cString: strerror(code)))"
    if kind == .cannotCreate, code == ENOENT { message += " (does the folder exist?)" }
    return Self(kind, path: path, seq: seq, message: message, errno: code)
  }
}
