/// Replay folded the log's actions and reached a state whose digest is not the one the log
/// recorded: the reducer, or something it depends on, behaves differently from when the log
/// was recorded.
///
/// ```
/// events.log:2003: state diverged at or before seq 2000; the last matching checkpoint was seq 1000
///   Amount.State(
/// −   output: "1,234₩"
/// +   output: "1234"
///   )
/// ```
public struct ReplayDivergence: Error, CustomStringConvertible, Sendable, Equatable {
  /// The path of the log.
  public var file: String
  /// The line of the checkpoint that did not match.
  public var line: Int
  /// The seq of that checkpoint: the state went wrong at this seq or before.
  public var seq: UInt64
  /// The seq of the last checkpoint that matched (0: the initial state; the replay started
  /// there), the state was still right there.
  public var lastMatchingSeq: UInt64
  /// Recorded (−) against replayed (+), when the checkpoint carries the full state; for a
  /// ``reason`` of nondeterminism, the first replay (−) against the second (+).
  public var diff: String?
  /// Set when replay went wrong at the event `seq` itself (`line` is then the event's line),
  /// rather than at a checkpoint: the reducer drew values that are not the recorded ones, or
  /// two replays of the event disagree (``Replayer/checksDeterminism``).
  public var reason: String?

  public init(file: String, line: Int, seq: UInt64, lastMatchingSeq: UInt64, diff: String?, reason: String? = nil) {
    self.file = file
    self.line = line
    self.seq = seq
    self.lastMatchingSeq = lastMatchingSeq
    self.diff = diff
    self.reason = reason
  }

  public var description: String {
    if let reason {
      var text = "\(file):\(line): replay diverged at seq \(seq): \(reason)"
      if let diff { text += "\n" + diff }
      return text
    }
    let matching =
      lastMatchingSeq == 0
      ? "no checkpoint before it was reached (the replay started from the initial state)"
      : "the last matching checkpoint was seq \(lastMatchingSeq)"
    var text = "\(file):\(line): state diverged at or before seq \(seq); \(matching)"
    if let diff { text += "\nrecorded (−) vs replayed (+):\n" + diff }
    return text
  }
}
