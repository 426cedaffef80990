import Dispatch
import Foundation
import Synchronization

/// The non-generic part of a committed action waiting for the writer.
struct PendingStamp: Sendable {
  var seq: UInt64
  var seconds: Int
  var nanoseconds: Int
  var origin: ActionOrigin

  /// `t` as the event line writes it.
  var commitTime: Double { LogLineWriter.time(seconds: seconds, nanoseconds: nanoseconds) }
}

/// What the main actor hands to the writer thread, and how they wake each other.
///
/// `didCommit` runs in the recorder's generic code, which the compiler cannot specialize (the
/// store calls it through `any StorePlugin`). There, every use of a generic type built from
/// `State` or `Action` (an `Array<Pending<Action>>`, an `Optional<State>`, a tuple) costs a
/// runtime metadata lookup, several of which would cost more than the whole budget of a
/// commit. So the actions sit in raw memory, the rest in non-generic arrays, and the lock is a
/// non-generic ``RecorderLock``.
final class RecorderShared<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // NB: @unchecked: every `var` below, and the memory its pointers own, is only touched with
  //     `lock` held (`wakeFlag`: with `wake` locked).
  let lock = RecorderLock()
  /// One per pending action; `stamps.count` actions are initialized at `actions`.
  @exclusivity(unchecked) var stamps: [PendingStamp] = []
  @exclusivity(unchecked) var actions: UnsafeMutablePointer<Action>
  @exclusivity(unchecked) var actionCapacity: Int
  /// The state after the last commit (the initial state before any), always initialized.
  let lastState: UnsafeMutablePointer<State>
  @exclusivity(unchecked) var hasCommits = false
  /// States to checkpoint, at seqs that are multiples of the checkpoint interval.
  @exclusivity(unchecked) var checkpointSeqs: [UInt64] = []
  @exclusivity(unchecked) var checkpointStates: [State] = []
  /// The seq of the last commit handed over.
  @exclusivity(unchecked) var lastSeq: UInt64
  /// Set once; the writer stops and `didCommit` throws it.
  @exclusivity(unchecked) var failure: RecorderError?
  @exclusivity(unchecked) var closing = false
  @exclusivity(unchecked) var finished = false
  /// The writer sleeps with no deadline: the next push must wake it.
  @exclusivity(unchecked) var writerIdle = true
  /// The writer has been woken and has not taken the buffer yet.
  @exclusivity(unchecked) var signaled = false
  var closeWaiters: [CheckedContinuation<Void, any Error>] = []

  private let wake = NSCondition()
  private var wakeFlag = false
  /// The main actor waits on it when the buffer is full.
  private let room = NSCondition()
  /// Signalled once when the writer thread ends.
  let done = DispatchSemaphore(value: 0)
  let durable: Atomic<UInt64>

  init(lastSeq: UInt64, initialState: State, capacity: Int = 1024) {
    self.lastSeq = lastSeq
    durable = Atomic(lastSeq)
    actionCapacity = capacity
    actions = .allocate(capacity: capacity)
    lastState = .allocate(capacity: 1)
    lastState.initialize(to: initialState)
    stamps.reserveCapacity(capacity)
  }

  deinit {
    actions.deinitialize(count: stamps.count)
    actions.deallocate()
    lastState.deinitialize(count: 1)
    lastState.deallocate()
  }

  /// Hands one commit to the writer: what `didCommit` does. Kept out of the main-actor-isolated
  /// `didCommit`, so that the closure it locks with needs no executor check.
  func commit(
    origin: ActionOrigin, action: Action, state: State, seconds: Int, nanoseconds: Int,
    checkpointInterval: UInt64, signalThreshold: Int, pendingLimit: Int
  ) -> PushOutcome {
    lock.withLock {
      if let failure { return .failed(failure) }
      if closing { return .closed }
      lastSeq &+= 1
      let seq = lastSeq
      push(
        PendingStamp(seq: seq, seconds: seconds, nanoseconds: nanoseconds, origin: origin),
        action: action, state: state, checkpoint: seq % checkpointInterval == 0)
      let count = stamps.count
      if writerIdle || (count >= signalThreshold && !signaled) {
        writerIdle = false
        signaled = true
        return count >= pendingLimit ? .full : .signal
      }
      return count >= pendingLimit ? .full : .queued
    }
  }

  // MARK: With `lock` held

  /// Appends one commit.
  func push(_ stamp: PendingStamp, action: Action, state: State, checkpoint: Bool) {
    let count = stamps.count
    if count == actionCapacity { grow() }
    (actions + count).initialize(to: action)
    stamps.append(stamp)
    lastState.pointee = state
    hasCommits = true
    if checkpoint {
      checkpointSeqs.append(stamp.seq)
      checkpointStates.append(state)
    }
  }

  private func grow() {
    let larger = UnsafeMutablePointer<Action>.allocate(capacity: actionCapacity * 2)
    larger.moveInitialize(from: actions, count: stamps.count)
    actions.deallocate()
    actions = larger
    actionCapacity *= 2
  }

  /// Drops whatever is pending (recording stopped).
  func discardPending() {
    actions.deinitialize(count: stamps.count)
    stamps.removeAll()
    checkpointSeqs.removeAll()
    checkpointStates.removeAll()
  }

  // MARK: Waking

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
    while lock.withLock({ stamps.count >= limit && !finished && failure == nil }) {
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

/// What `didCommit` does after pushing. Not nested in the generic class, so that using it costs
/// no metadata lookup.
enum PushOutcome {
  case queued, signal, full, failed(RecorderError), closed
}
