package import EventLog

/// An error that `refold` reports as one line on stderr, with the exit code it documents; a
/// divergence's diff follows that line as its ``detail``, indented.
///
/// | code | meaning |
/// |---|---|
/// | 0 | ok |
/// | 1 | a replay diverged from the recorded checkpoints |
/// | 2 | an input could not be read: missing, corrupt, or not what the command needs |
/// | 64 | the command line itself is wrong |
/// | 70 | the host could not do its part: a port, or a write (recording stopped; the run went on) |
/// | 74 | the output could not be written to stdout (a full disk); the log was closed first |
/// | 141 | stdout's reader left (a closed pipe, `| head -1`): the run ended quietly, its log closed |
public struct HostError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Int32, Sendable {
    case diverged = 1
    case badInput = 2
    case usage = 64
    /// Something the host itself could not do (a port, a write). Not a user's input.
    case failure = 70
    /// Stdout could not be written (a full disk). What was recorded was closed first.
    case outputFailed = 74
  }

  public var kind: Kind
  public var message: String
  /// Lines printed after the message, each indented by two spaces: a divergence's fields, diff
  /// and actions, which say nothing once joined into one line.
  public var detail: String?

  public init(_ kind: Kind, _ message: String, detail: String? = nil) {
    self.kind = kind
    self.message = message
    self.detail = detail
  }

  /// A replay that diverged: the divergence's first line as the message, the rest as detail.
  package static func diverged(_ divergence: ReplayDivergence, prefix: String = "") -> Self {
    let lines = divergence.description.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    return Self(.diverged, prefix + lines[0], detail: lines.count > 1 ? String(lines[1]) : nil)
  }

  public var description: String { message }

  package static func badInput(_ message: String) -> Self { Self(.badInput, message) }
  package static func usage(_ message: String) -> Self { Self(.usage, message) }
}
