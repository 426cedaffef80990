/// The actions a replay folded since the last checkpoint that matched, as far as a divergence
/// needs them: every one when there are few, else the last. However far apart the checkpoints
/// are, it holds at most ``listed`` actions.
///
/// Their seqs are not kept: the events between two checkpoints have consecutive seqs.
struct RecentActions<Action> {
  /// A divergence lists every action since the last matching checkpoint when there are at most
  /// this many; more would bury the diff, so then it shows the last one only.
  static var listed: Int { 5 }

  // NB: An array of actions and a count, not `(seq, action)` tuples: the fold is generic and
  //     unspecialized, where a generic tuple stored per event costs a metadata lookup. With
  //     tuples W5 (quick) replayed some 15% slower than before this type existed; this way the
  //     difference is within the noise (6 paired runs, median ratio 1.05 wall, 0.95 CPU).
  /// The first ``listed`` actions since the last match; then only the last, at index 0.
  private var actions: [Action] = []
  /// How many were folded since the last match.
  private var count = 0

  init() {
    actions.reserveCapacity(Self.listed)
  }

  mutating func folded(_ action: Action) {
    count += 1
    if count <= Self.listed {
      actions.append(action)
    } else if count == Self.listed + 1 {
      actions.removeAll(keepingCapacity: true)
      actions.append(action)
    } else {
      actions[0] = action
    }
  }

  /// A checkpoint matched: what came before it is no longer of interest.
  mutating func checkpointMatched() {
    guard count > 0 else { return }
    actions.removeAll(keepingCapacity: true)
    count = 0
  }

  /// Every action since the checkpoint at `lastMatching` when there are at most ``listed``,
  /// else the last one, with their seqs.
  func shown(after lastMatching: UInt64) -> [(seq: UInt64, action: Action)] {
    if count > Self.listed { return [(lastMatching + UInt64(count), actions[0])] }
    return actions.enumerated().map { (lastMatching + 1 + UInt64($0.offset), $0.element) }
  }
}
