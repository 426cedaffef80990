import Dispatch
import StoreCore

/// How far a recorder's writer has got: whether it has ended, why it stopped, and who waits for
/// it to close. Every field but `done` is guarded by the queue's lock, which the store's side
/// and the writer already share.
final class RecorderLifecycle: @unchecked Sendable {
  // NB: @unchecked: the vars are touched only with `queue.lock` held; `done` is a semaphore.

  /// Set once, with the queue's `stopped` status; the writer stops and `didCommit` throws it.
  var failure: RecorderError?
  /// The writer thread has ended.
  var finished = false
  var closeWaiters: [CheckedContinuation<Void, any Error>] = []
  /// Signalled once when the writer thread ends.
  let done = DispatchSemaphore(value: 0)
}
