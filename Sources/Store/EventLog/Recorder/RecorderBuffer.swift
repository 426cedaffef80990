import Dispatch
import Foundation
import Synchronization

/// One committed action waiting for the writer.
struct PendingAction<Action: Sendable>: Sendable {
  var seq: UInt64
  var seconds: Int
  var nanoseconds: Int
  var origin: ActionOrigin
  var action: Action
}

/// What the main actor hands to the writer thread, guarded by ``RecorderShared/state``.
struct RecorderPending<State: Sendable, Action: Sendable>: Sendable {
  var actions: [PendingAction<Action>] = []
  /// States to checkpoint, at seqs that are multiples of the checkpoint interval.
  var checkpoints: [(seq: UInt64, state: State)] = []
  /// The seq of the last commit handed over.
  var lastSeq: UInt64
  /// The state after it, for the final checkpoint.
  var lastState: State?
  /// Set once; the writer stops and `didCommit` throws it.
  var failure: RecorderError?
  var closing = false
  var finished = false
  /// The writer sleeps with no deadline: the next push must wake it.
  var writerIdle = false
  /// The writer has been woken and has not taken the buffer yet.
  var signaled = false
  var closeWaiters: [CheckedContinuation<Void, any Error>] = []

  init(lastSeq: UInt64) {
    self.lastSeq = lastSeq
  }
}

/// The storage the main actor and the writer thread share: the pending buffer behind a mutex,
/// the writer's wake-up condition, and the durable seq.
final class RecorderShared<State: Sendable, Action: Sendable>: Sendable {
  let state: Mutex<RecorderPending<State, Action>>
  /// Guards `wakeFlag`; the writer waits on it.
  private let wake = NSCondition()
  // NB: only touched with `wake` locked.
  nonisolated(unsafe) private var wakeFlag = false
  /// The main actor waits on it when the buffer is full.
  private let room = NSCondition()
  /// Signalled once when the writer thread ends.
  let done = DispatchSemaphore(value: 0)
  let durable: Atomic<UInt64>

  init(lastSeq: UInt64) {
    state = Mutex(RecorderPending(lastSeq: lastSeq))
    durable = Atomic(lastSeq)
  }

  /// Wakes the writer (a futex wake when it sleeps: callers coalesce with `signaled`).
  func signalWriter() {
    wake.lock()
    wakeFlag = true
    wake.signal()
    wake.unlock()
  }

  /// Sleeps until signalled or until `deadline` (`nil`: no deadline).
  func waitForWork(until deadline: Date?) {
    wake.lock()
    while !wakeFlag {
      if let deadline {
        if !wake.wait(until: deadline) { break }
      } else {
        wake.wait()
      }
    }
    wakeFlag = false
    wake.unlock()
  }

  /// Blocks the caller until the writer has taken the buffer (or stopped).
  func waitForRoom(limit: Int) {
    room.lock()
    while state.withLock({ $0.actions.count >= limit && !$0.finished && $0.failure == nil }) {
      room.wait()
    }
    room.unlock()
  }

  func announceRoom() {
    room.lock()
    room.broadcast()
    room.unlock()
  }
}
