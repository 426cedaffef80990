#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The background writer: takes the pending actions, encodes them into lines, writes, fsyncs
/// per the policy, and on close writes the final checkpoint. Runs on its own thread; everything
/// here but `shared` belongs to that thread.
struct RecorderWriter<State: Codable & Sendable, Action: Codable & Sendable> {
  let shared: RecorderShared<State, Action>
  let handle: LogFileHandle
  let options: RecorderOptions
  /// Whether the last line in the file is a checkpoint for the last seq written.
  var lastLineIsCheckpoint: Bool
  var schedule: SyncSchedule

  private let encoder = LogJSONEncoder()
  private var out: [UInt8] = []
  /// The batch taken from `shared`: its buffers are swapped with these, so both are reused.
  private var stamps: [PendingStamp] = []
  private var actions: UnsafeMutablePointer<Action>
  private var actionCapacity = 1024
  private var checkpointSeqs: [UInt64] = []
  private var checkpointStates: [State] = []

  /// Lines are written in pieces of about this size, so a huge batch needs no huge buffer.
  static var writeChunk: Int { 1 << 20 }

  init(shared: RecorderShared<State, Action>, handle: LogFileHandle, options: RecorderOptions,
       startSeq: UInt64, lastLineIsCheckpoint: Bool) {
    self.shared = shared
    self.handle = handle
    self.options = options
    self.lastLineIsCheckpoint = lastLineIsCheckpoint
    self.schedule = SyncSchedule(policy: options.fsync, startSeq: startSeq)
    self.actions = .allocate(capacity: actionCapacity)
  }

  mutating func run() {
    var deadline: Date? = nil
    while true {
      shared.waitForWork(until: deadline)
      var finalState: State?
      var closing = false
      var lastSeq: UInt64 = 0
      shared.lock.withLock {
        swap(&shared.stamps, &stamps)
        swap(&shared.actions, &actions)
        swap(&shared.actionCapacity, &actionCapacity)
        swap(&shared.checkpointSeqs, &checkpointSeqs)
        swap(&shared.checkpointStates, &checkpointStates)
        shared.signaled = false
        closing = shared.closing
        lastSeq = shared.lastSeq
        if closing, shared.hasCommits { finalState = shared.lastState.pointee }
        // Awake: commits only signal past the threshold until the writer goes idle below.
        shared.writerIdle = false
      }
      shared.announceRoom()
      do {
        try writeBatch()
        if closing {
          try finish(lastSeq: lastSeq, finalState: finalState)
          return end(failure: nil)
        }
        try syncIfDue()
      } catch {
        return end(failure: error)
      }
      deadline = schedule.isIdle ? nextIdleDeadline() : Date(timeIntervalSinceNow: SyncSchedule.tick)
    }
  }

  /// Nothing waits to be synced: sleep with no deadline (`nil`) unless commits arrived while
  /// the batch was written (`.distantPast`: go again at once). Decided under the lock, with
  /// `writerIdle` set there, so that the next commit wakes the writer: otherwise commits below
  /// the signal threshold would wait, unwritten, for a wake-up that never comes.
  private func nextIdleDeadline() -> Date? {
    let shared = shared
    let hasWork = shared.lock.withLock {
      let pending = !shared.stamps.isEmpty || shared.closing
      if !pending { shared.writerIdle = true }
      return pending
    }
    return hasWork ? .distantPast : nil
  }

  // MARK: Writing

  private mutating func writeBatch() throws(RecorderError) {
    guard !stamps.isEmpty else { return }
    defer {
      actions.deinitialize(count: stamps.count)
      stamps.removeAll(keepingCapacity: true)
      checkpointSeqs.removeAll(keepingCapacity: true)
      checkpointStates.removeAll(keepingCapacity: true)
    }
    var nextCheckpoint = 0
    var oldest = stamps[0].commitTime
    var throughSeq = schedule.writtenSeq
    for index in stamps.indices {
      let entry = stamps[index]
      do {
        try LogLineWriter.appendEvent(
          seq: entry.seq, t: entry.commitTime, origin: entry.origin, action: actions[index],
          encoder: encoder, into: &out)
      } catch {
        try flush(throughSeq: throughSeq, oldest: oldest)
        throw RecorderError(
          .encodingFailed, path: handle.path, seq: entry.seq,
          message: "the action at seq \(entry.seq) cannot be encoded: \(error)")
      }
      lastLineIsCheckpoint = false
      if nextCheckpoint < checkpointSeqs.count, checkpointSeqs[nextCheckpoint] == entry.seq {
        let state = checkpointStates[nextCheckpoint]
        nextCheckpoint += 1
        try appendCheckpoint(seq: entry.seq, state: state, includeState: entry.seq % UInt64(options.snapshotInterval) == 0)
      }
      throughSeq = entry.seq
      if out.count >= Self.writeChunk {
        try flush(throughSeq: throughSeq, oldest: oldest)
        oldest = entry.commitTime
      }
    }
    try flush(throughSeq: throughSeq, oldest: oldest)
    try handle.checkIdentity(seq: throughSeq)
  }

  private mutating func appendCheckpoint(seq: UInt64, state: State, includeState: Bool) throws(RecorderError) {
    let canonical: [UInt8]
    do {
      canonical = try StateDigest.canonicalJSON(of: state)
    } catch {
      throw RecorderError(
        .encodingFailed, path: handle.path, seq: seq, message: "the state at seq \(seq) cannot be encoded: \(error)")
    }
    LogLineWriter.appendCheckpoint(seq: seq, canonicalState: canonical, includeState: includeState, into: &out)
    lastLineIsCheckpoint = true
  }

  private mutating func flush(throughSeq: UInt64, oldest: Double) throws(RecorderError) {
    guard !out.isEmpty else { return }
    try handle.writeAll(out, seq: throughSeq)
    schedule.wrote(bytes: out.count, throughSeq: throughSeq, oldestCommit: oldest)
    out.removeAll(keepingCapacity: true)
    if options.fsync == .never { reportDurable() }
  }

  // MARK: Syncing

  private mutating func syncIfDue() throws(RecorderError) {
    guard schedule.shouldSync(now: Self.now()) else { return }
    try handle.sync(seq: schedule.writtenSeq)
    schedule.synced()
    reportDurable()
  }

  private func reportDurable() {
    let seq = schedule.durableSeq
    let previous = shared.durable.exchange(seq, ordering: .acquiringAndReleasing)
    if seq != previous { options.onDurable?(seq) }
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  // MARK: Ending

  /// The final checkpoint (with the full state) unless the last line is a checkpoint already,
  /// then fsync.
  private mutating func finish(lastSeq: UInt64, finalState: State?) throws(RecorderError) {
    if !lastLineIsCheckpoint, let finalState, lastSeq == schedule.writtenSeq {
      try appendCheckpoint(seq: lastSeq, state: finalState, includeState: true)
      try flush(throughSeq: lastSeq, oldest: Self.now())
    }
    try handle.checkIdentity(seq: lastSeq)
    if options.fsync != .never {
      try handle.sync(seq: lastSeq)
      schedule.synced()
    }
    reportDurable()
  }

  private func end(failure: RecorderError?) {
    handle.close()
    if let failure {
      // NB: not `reportIssue`: this thread has no test context. The store reports the error
      //     when the next `didCommit` throws it; `close()` throws it too.
      if let onFailure = options.onFailure {
        onFailure(failure)
      } else {
        let line = Array("refold: \(failure)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
    }
    actions.deallocate()
    let (waiters, stored) = shared.lock.withLock {
      if let failure, shared.failure == nil { shared.failure = failure }
      shared.finished = true
      shared.discardPending()
      let waiters = shared.closeWaiters
      shared.closeWaiters = []
      return (waiters, shared.failure)
    }
    shared.announceRoom()
    for waiter in waiters {
      if let stored { waiter.resume(throwing: stored) } else { waiter.resume() }
    }
    shared.done.signal()
  }
}

