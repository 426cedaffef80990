/// Replay folded the log's actions and reached a state whose digest is not the one the log
/// recorded: the reducer, or something it depends on, behaves differently from when the log
/// was recorded.
///
/// It names the top-level fields that differ, shows how, and lists the actions folded on the
/// way. Where the log holds the state at that checkpoint (a snapshot, or a small state), the
/// diff is recorded (−) against replayed (+):
///
/// ```
/// events.log:11: state diverged at or before seq 8; the last matching checkpoint was seq 4
/// fields that differ: total
/// recorded (−) vs replayed (+):
///   Probe.State(
///     …
/// -   total: 36,
/// +   total: 39,
///     …
///   )
/// the 4 actions since seq 4:
///   seq 5: {"add":{"_0":5}}
///   …
/// ```
///
/// Elsewhere the checkpoint holds only a digest per field, so the recorded values are not known
/// and only the replayed ones are shown, labelled as such:
///
/// ```
/// fields that differ: total
/// replayed values of those fields (the log holds only their digests, not the recorded values):
///   total: 39
/// ```
///
/// ```swift
/// do {
///   _ = try Replayer(reducer: AmountInput()).replay(file: url)
/// } catch let divergence as ReplayDivergence {
///   print(divergence.differingFields ?? [])   // ["output"]
/// }
/// ```
public struct ReplayDivergence: Error, CustomStringConvertible, Sendable, Equatable {
  /// An action replay folded shortly before the divergence, as the log holds it.
  public struct Action: Sendable, Equatable {
    /// The action's seq.
    public var seq: UInt64
    /// The action as the log's compact JSON, e.g. `{"textChanged":{"_0":"1234"}}`.
    public var json: String

    public init(seq: UInt64, json: String) {
      self.seq = seq
      self.json = json
    }
  }

  /// The path of the log.
  public var file: String
  /// The line of the checkpoint that did not match.
  public var line: Int
  /// The seq of that checkpoint: the state went wrong at this seq or before.
  public var seq: UInt64
  /// The seq of the last checkpoint that matched (0: the initial state; the replay started
  /// there), the state was still right there.
  public var lastMatchingSeq: UInt64
  /// Recorded (−) against replayed (+), when the log holds the state at the checkpoint (a
  /// snapshot, or a small state); for a ``reason`` of nondeterminism, the first replay (−)
  /// against the second (+).
  public var diff: String?
  /// Set when replay went wrong at the event `seq` itself (`line` is then the event's line),
  /// rather than at a checkpoint: the reducer drew values that are not the recorded ones, or
  /// two replays of the event disagree (``Replayer/checksDeterminism``).
  public var reason: String?
  /// The top-level fields of the state (its JSON keys: for a synthesized `Codable` state, the
  /// property names) whose values differ from the recorded ones, in sorted order; `nil` when
  /// the log cannot say: the checkpoint has neither the state nor a digest per field (a log
  /// written before there were any), or the state is not a JSON object.
  public var differingFields: [String]?
  /// The replayed values of ``differingFields``, when the log holds only their digests and so
  /// no ``diff`` can be drawn: what replay computed, not what the recording saw.
  public var replayedValues: String?
  /// The actions folded on the way, from the log: the one at `seq` when ``reason`` is set;
  /// otherwise every action since ``lastMatchingSeq`` when there are at most 5, else the last.
  public var actions: [Action]

  public init(
    file: String, line: Int, seq: UInt64, lastMatchingSeq: UInt64, diff: String?, reason: String? = nil,
    differingFields: [String]? = nil, replayedValues: String? = nil, actions: [Action] = []
  ) {
    self.file = file
    self.line = line
    self.seq = seq
    self.lastMatchingSeq = lastMatchingSeq
    self.diff = diff
    self.reason = reason
    self.differingFields = differingFields
    self.replayedValues = replayedValues
    self.actions = actions
  }

  public var description: String {
    var text: String
    if let reason {
      text = "\(file):\(line): replay diverged at seq \(seq): \(reason)"
      if let diff { text += "\n" + diff }
      for action in actions { text += "\nthe action at seq \(action.seq): \(action.json)" }
      return text
    }
    let matching =
      lastMatchingSeq == 0
      ? "no checkpoint before it was reached (the replay started from the initial state)"
      : "the last matching checkpoint was seq \(lastMatchingSeq)"
    text = "\(file):\(line): state diverged at or before seq \(seq); \(matching)"
    if let differingFields, !differingFields.isEmpty {
      text += "\nfields that differ: " + differingFields.joined(separator: ", ")
    }
    if let diff {
      text += "\nrecorded (−) vs replayed (+):\n" + diff
    } else if let replayedValues {
      text += "\nreplayed values of those fields (the log holds only their digests, not the recorded values):\n"
      text += replayedValues
    }
    text += actionsDescription
    return text
  }

  private var actionsDescription: String {
    guard !actions.isEmpty else { return "" }
    let since = seq - lastMatchingSeq
    let heading =
      since == 1
      ? "the action since seq \(lastMatchingSeq):"
      : UInt64(actions.count) == since
        ? "the \(since) actions since seq \(lastMatchingSeq):"
        : "the last of the \(since) actions since seq \(lastMatchingSeq):"
    return "\n" + heading + actions.map { "\n  seq \($0.seq): \($0.json)" }.joined()
  }
}
