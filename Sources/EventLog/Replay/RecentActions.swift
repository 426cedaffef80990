/// The actions a replay folded since the last checkpoint that matched, as far as a divergence
/// needs them: every one when there are few, else the last. However far apart the checkpoints
/// are, it holds at most ``listed`` actions.
///
/// Their seqs are not kept: the events between two checkpoints have consecutive seqs.
final class RecentActions<Action> {
  /// A divergence lists every action since the last matching checkpoint when there are at most
  /// this many; more would bury the diff, so then it shows the last one only.
  static var listed: Int { 5 }

  // NB: A buffer of its own and a count, not `(seq, action)` tuples nor an `Array`: the fold is
  //     generic and unspecialized, where a generic tuple stored per event, or a mutating call
  //     on `Array<Action>`, costs a look-up of that type's metadata for every event (W5's
  //     profile had 3 % of its samples in `folded` doing so). A pointer's operations need only
  //     `Action`'s own.
  /// The first ``listed`` actions since the last match; then only the last, at index 0.
  /// Initialized below `stored`.
  private let actions: UnsafeMutablePointer<Action>
  private var stored = 0
  /// How many were folded since the last match.
  private var count = 0

  init() {
    actions = .allocate(capacity: Self.listed)
  }

  deinit {
    actions.deinitialize(count: stored)
    actions.deallocate()
  }

  func folded(_ action: Action) {
    count += 1
    if count <= Self.listed {
      (actions + stored).initialize(to: action)
      stored += 1
    } else if count == Self.listed + 1 {
      actions.deinitialize(count: stored)
      actions.initialize(to: action)
      stored = 1
    } else {
      actions.pointee = action
    }
  }

  /// A checkpoint matched: what came before it is no longer of interest.
  func checkpointMatched() {
    guard count > 0 else { return }
    actions.deinitialize(count: stored)
    stored = 0
    count = 0
  }

  /// Every action since the checkpoint at `lastMatching` when there are at most ``listed``,
  /// else the last one, with their seqs.
  func shown(after lastMatching: UInt64) -> [(seq: UInt64, action: Action)] {
    if count > Self.listed { return [(lastMatching + UInt64(count), actions.pointee)] }
    return (0..<stored).map { (lastMatching + 1 + UInt64($0), actions[$0]) }
  }
}
