import Dispatch
import StoreCore
import Synchronization

/// How far a recorder's writer has got: what is on disk, whether it has ended, why it stopped,
/// and who waits for it to close. Every field but `durable` and `done` is guarded by the
/// queue's lock, which the store's side and the writer already share.
final class RecorderLifecycle: @unchecked Sendable {
  // NB: @unchecked: the vars are touched only with `queue.lock` held; `durable` is an atomic,
  //     `done` a semaphore.

  /// The highest seq on disk (fsynced, or with `FsyncPolicy.never` written). The writer alone
  /// stores it; the queue that hands the commits over knows nothing of disks.
  let durable: Atomic<UInt64>

  /// Set once, with the queue's `stopped` status; the writer stops and `didCommit` throws it.
  var failure: RecorderError?
  /// The writer thread has ended.
  var finished = false
  var closeWaiters: [CheckedContinuation<Void, any Error>] = []
  /// Signalled once when the writer thread ends.
  let done = DispatchSemaphore(value: 0)

  /// - Parameter startSeq: the last seq the file held when recording began, on disk already.
  init(startSeq: UInt64) {
    durable = Atomic(startSeq)
  }
}
