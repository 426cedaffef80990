import Foundation

/// How many uploads `collect` reads and checks at once (`--max-uploads`), and how long one
/// waits for its turn (`--upload-wait`).
///
/// An upload in progress holds its body twice (the buffer and the copy the check reads) and
/// up to `REFOLD_MAX_PARSED_BYTES` for the line it parses, so without a bound 512 connections
/// each posting 64 MB would take the collector past 32 GB. With one, the uploads together take
/// at most `count` times that. An upload that finds every slot taken waits its turn, first
/// come first served, without its body being read; one still waiting after `wait` is answered
/// 503 with `Retry-After`, and `LogUploader` (like `store push`) tries it again.
final class UploadSlots: @unchecked Sendable {
  // NB: @unchecked: `state` is only touched with `lock` held (`withState(_:)`). NSLock, not
  //     Synchronization's Mutex: ThreadSanitizer on the optimized build did not see Mutex's
  //     ordering here and reported the critical sections themselves as racing.
  let count: Int
  let wait: Duration
  private let lock = NSLock()
  private var state = State()

  private struct State {
    var taken = 0
    var nextTicket = 0
    /// Uploads waiting for a slot, oldest first.
    var queue: [(ticket: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    /// Tests waiting until this many slots are taken, or this many uploads wait.
    var watchers: [(taken: Int, queued: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The watchers whose condition holds now, removed.
    mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
      let (taken, queued) = (self.taken, queue.count)
      let ready = watchers.filter { taken >= $0.taken && queued >= $0.queued }.map(\.continuation)
      watchers.removeAll { taken >= $0.taken && queued >= $0.queued }
      return ready
    }
  }

  init(count: Int, wait: Duration) {
    self.count = count
    self.wait = wait
  }

  /// Twice the cores, and at least 4: the check is CPU-bound, so more at once would not
  /// finish sooner, and a few spare let one slow sender not hold up the rest.
  static var defaultCount: Int { max(4, 2 * ProcessInfo.processInfo.activeProcessorCount) }
  /// Half the default body timeout (20 s): an upload whose body is not read while it waits
  /// is not cut off as a slow sender before its turn.
  static let defaultWait = Duration.seconds(10)

  /// Takes a slot, waiting up to ``wait`` for one; false when none came free in time.
  func take() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let (outcome, ticket, ready) = withState { state -> (Bool?, Int, [CheckedContinuation<Void, Never>]) in
        if state.taken < count {
          state.taken += 1
          return (true, 0, state.satisfiedWatchers())
        }
        guard wait > .zero else { return (false, 0, []) }
        state.nextTicket += 1
        state.queue.append((state.nextTicket, continuation))
        return (nil, state.nextTicket, state.satisfiedWatchers())
      }
      for watcher in ready { watcher.resume() }
      if let outcome {
        continuation.resume(returning: outcome)
        return
      }
      Task { [wait] in
        try? await Task.sleep(for: wait)
        self.giveUp(ticket)
      }
    }
  }

  /// Gives back a slot ``take()`` took: to the upload that has waited longest, if any.
  func give() {
    let next: CheckedContinuation<Bool, Never>? = withState { state in
      guard !state.queue.isEmpty else {
        state.taken -= 1
        return nil
      }
      return state.queue.removeFirst().continuation
    }
    next?.resume(returning: true)
  }

  /// Runs `body` on the state with the lock held.
  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// Ends the wait of `ticket` with no slot, unless it got one meanwhile.
  private func giveUp(_ ticket: Int) {
    let waiting: CheckedContinuation<Bool, Never>? = withState { state in
      guard let index = state.queue.firstIndex(where: { $0.ticket == ticket }) else { return nil }
      return state.queue.remove(at: index).continuation
    }
    waiting?.resume(returning: false)
  }

  /// Returns once `taken` slots are taken and `queued` uploads wait, at the same time: for a
  /// test that must know where the uploads are before it goes on.
  func until(taken: Int, queued: Int = 0) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = withState { state -> Bool in
        guard state.taken < taken || state.queue.count < queued else { return true }
        state.watchers.append((taken, queued, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}
