import Dispatch
import Foundation

/// Runs a ``TestStore``'s effect tasks and knows when every one of them has gone as far as it
/// can without something else happening first: a clock advancing, a server answering, the main
/// actor running.
///
/// A task created on the main actor runs only when a thread of the cooperative pool is free,
/// and on a busy machine that can take longer than any number of `Task.yield()`s. A test that
/// advances a `TestClock` before the debounce inside that task has registered its sleep moves
/// time past the deadline, and the sleep then never ends. Counting "the body has begun" is not
/// enough either: the thread can be preempted between beginning and registering.
///
/// So the tasks prefer this executor, which hands each job to the global pool and counts it
/// until `runSynchronously` returns. A job returns exactly when its task suspends (or ends),
/// which is the moment its sleep is registered. ``waitUntilQuiet()`` returns once no task is
/// waiting to begin and no job is queued or running.
final class EffectTracker: TaskExecutor, @unchecked Sendable {
  // NB: @unchecked: the counters and `waiters` are only touched with `lock` held. NSLock is a
  //     pthread mutex, which ThreadSanitizer understands (it cannot see Synchronization.Mutex
  //     on Linux).
  private let lock = NSLock()
  /// Tasks created on the main actor whose first step onto this executor has not happened.
  private var unstarted = 0
  /// Jobs enqueued here that have not yet returned from `runSynchronously`.
  private var activeJobs = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Called on the main actor, before the task is created.
  func willStart() {
    lock.withLock { unstarted += 1 }
  }

  /// Called by the task as the first thing it does on this executor, so inside a counted job.
  func didStart() {
    lock.withLock { unstarted -= 1 }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.withLock { activeJobs += 1 }
    DispatchQueue.global().async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.jobDidReturn()
    }
  }

  private func jobDidReturn() {
    let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
      activeJobs -= 1
      guard unstarted == 0, activeJobs == 0 else { return [] }
      defer { waiters = [] }
      return waiters
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once every task counted so far has begun and then suspended or ended.
  func waitUntilQuiet() async {
    await withCheckedContinuation { continuation in
      let quiet = lock.withLock {
        let quiet = unstarted == 0 && activeJobs == 0
        if !quiet { waiters.append(continuation) }
        return quiet
      }
      if quiet { continuation.resume() }
    }
  }
}
