import Foundation

extension EffectTracker {
  /// Every tracker alive: one per ``TestStore``, held weakly.
  private static let registry = Registry()

  private final class Registry: @unchecked Sendable {
    // NB: @unchecked: `trackers` is only touched with `lock` held.
    private let lock = NSLock()
    private var trackers: [WeakTracker] = []

    func add(_ tracker: EffectTracker) {
      lock.withLock {
        trackers.removeAll { $0.tracker == nil }
        trackers.append(WeakTracker(tracker: tracker))
      }
    }

    var live: [EffectTracker] { lock.withLock { trackers.compactMap(\.tracker) } }
  }

  private struct WeakTracker {
    weak var tracker: EffectTracker?
  }

  /// Counts `tracker` among those ``settleAll()`` waits for.
  static func register(_ tracker: EffectTracker) {
    registry.add(tracker)
  }

  /// Returns once no effect step of any live tracker is queued or running, and the main actor
  /// has run what those steps handed it (an effect's `send`). A step handed to the main actor
  /// is queued there before this hop, so the hop runs after it: nothing is left to chance.
  /// An effect that comes back from the main actor to run again is waited for again, up to
  /// `rounds` times.
  static func settleAll(rounds: Int = 8) async {
    for _ in 0..<rounds {
      let busy = registry.live.filter { !$0.isQuiet }
      for tracker in busy { await tracker.waitUntilQuiet() }
      await MainActor.run {}
      if registry.live.allSatisfy(\.isQuiet) { return }
    }
  }
}
