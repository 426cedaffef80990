import Foundation

/// Counts the effect tasks that have been created but have not yet begun their body, so that
/// `TestStore` can wait for every effect a send started to reach its first suspension point.
///
/// A task created on the main actor runs only when a thread of the cooperative pool is free,
/// and on a busy machine that can take longer than any number of `Task.yield()`s. A test that
/// advances a `TestClock` before the debounce inside that task has registered its sleep moves
/// time past the deadline, and the sleep then never ends. Waiting here closes that gap: once a
/// body has begun, it runs without a suspension until its first real wait (the clock's
/// `sleep` registers itself synchronously).
final class EffectStarts: @unchecked Sendable {
  // NB: @unchecked: `unstarted` and `waiters` are only touched with `lock` held. NSLock is a
  //     pthread mutex, which ThreadSanitizer understands.
  private let lock = NSLock()
  private var unstarted = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Called on the main actor, before the task is created.
  func willStart() {
    lock.lock()
    unstarted += 1
    lock.unlock()
  }

  /// Called by the task, off the main actor, as the first thing its body does.
  func didStart() {
    lock.lock()
    unstarted -= 1
    var ready: [CheckedContinuation<Void, Never>] = []
    if unstarted == 0, !waiters.isEmpty { swap(&ready, &waiters) }
    lock.unlock()
    for waiter in ready { waiter.resume() }
  }

  /// Returns once every task counted so far has begun its body.
  func waitUntilAllStarted() async {
    await withCheckedContinuation { continuation in
      lock.lock()
      let done = unstarted == 0
      if !done { waiters.append(continuation) }
      lock.unlock()
      if done { continuation.resume() }
    }
  }
}
