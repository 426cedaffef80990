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
/// which is the moment its sleep is registered. ``waitUntilQuiet(jobLimit:)`` returns once no
/// task is waiting to begin and no job is queued or running.
final class EffectTracker: TaskExecutor, @unchecked Sendable {
  // NB: @unchecked: the counters and `waiters` are only touched with `lock` held. NSLock is a
  //     pthread mutex, which ThreadSanitizer understands (it cannot see Synchronization.Mutex
  //     on Linux).
  private let lock = NSLock()
  /// Tasks created on the main actor whose first step onto this executor has not happened.
  private var unstarted = 0
  /// Jobs enqueued here that have not yet returned from `runSynchronously`.
  private var activeJobs = 0
  /// Jobs that have returned, ever: a waiter gives up once this has grown by its limit.
  private var returnedJobs = 0
  private var waiters: [UInt64: Waiter] = [:]
  private var nextWaiterID: UInt64 = 0

  private struct Waiter {
    let continuation: CheckedContinuation<Void, Never>
    let giveUpAt: Int
  }

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
      returnedJobs += 1
      if quietWithLockHeld {
        defer { waiters = [:] }
        return waiters.values.map(\.continuation)
      }
      // Effects that keep going (a loop of `Task.yield()`, a busy stream) are never quiet.
      let givingUp = waiters.filter { $0.value.giveUpAt <= returnedJobs }
      for id in givingUp.keys { waiters[id] = nil }
      return givingUp.values.map(\.continuation)
    }
    for waiter in ready { waiter.resume() }
  }

  /// No task is waiting to begin and no job is queued or running.
  var isQuiet: Bool {
    lock.withLock { quietWithLockHeld }
  }

  private var quietWithLockHeld: Bool { unstarted == 0 && activeJobs == 0 }

  /// Returns once every task counted so far has begun and then suspended or ended; or once
  /// `jobLimit` more jobs have run without that happening, since an effect that keeps running
  /// (a loop of `Task.yield()`, say) never lets the tracker be quiet; or once the calling task
  /// is cancelled. One long job (a body busy before its first suspension) is waited for.
  func waitUntilQuiet(jobLimit: Int = 1_000) async {
    let id = lock.withLock {
      nextWaiterID += 1
      return nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = lock.withLock {
          // Cancelled before this ran: the handler below found nothing to resume.
          let resumeNow = quietWithLockHeld || Task.isCancelled
          if !resumeNow { waiters[id] = Waiter(continuation: continuation, giveUpAt: returnedJobs + jobLimit) }
          return resumeNow
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      lock.withLock { waiters.removeValue(forKey: id) }?.continuation.resume()
    }
  }
}
