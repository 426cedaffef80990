#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Synchronization
import StoreCore

/// The background writer: takes the published commits, encodes them into lines, writes, fsyncs
/// per the policy, and on close writes the final checkpoint. Runs on its own thread; everything
/// here but `queue` belongs to that thread.
struct RecorderWriter<State: Codable & Sendable, Action: Codable & Sendable> {
  typealias Status = CommitQueue<State, Action>.Status

  let queue: CommitQueue<State, Action>
  let lifecycle: RecorderLifecycle
  let handle: LogFileHandle
  let options: RecorderOptions
  /// Whether the last line in the file is a checkpoint for the last seq written.
  var lastLineIsCheckpoint: Bool
  var schedule: SyncSchedule
  /// The seq the log had when recording started; a final checkpoint only follows commits.
  let startSeq: UInt64

  private let encoder = LogJSONEncoder()
  private let actions = RecentActionJSON<Action>(encoder: LogJSONEncoder())
  private var out: [UInt8] = []
  /// What the queue's byte budget is measured with: the bytes of the event lines written since
  /// the last estimate, how many, and the latest checkpointed state's size.
  private var measuredBytes = 0
  private var measuredCommits = 0
  private var stateBytes = 0
  private var bytesPerCommit = 0

  /// Lines are written in pieces of about this size, so a huge batch needs no huge buffer.
  static var writeChunk: Int { 1 << 20 }

  init(queue: CommitQueue<State, Action>, lifecycle: RecorderLifecycle, handle: LogFileHandle,
       options: RecorderOptions, startSeq: UInt64, lastLineIsCheckpoint: Bool) {
    self.queue = queue
    self.lifecycle = lifecycle
    self.handle = handle
    self.options = options
    self.lastLineIsCheckpoint = lastLineIsCheckpoint
    self.schedule = SyncSchedule(policy: options.fsync, startSeq: startSeq)
    self.startSeq = startSeq
  }

  mutating func run() {
    var deadline: Date? = nil
    while true {
      let wasIdle = deadline == nil
      queue.waitForWork(until: deadline, pollInterval: SyncSchedule.tick)
      if wasIdle, options.fsync != .always, queue.status.load(ordering: .acquiring) == Status.open {
        // Woken by the first commit after a rest: let a tick's worth of commits gather before
        // writing any, so that a burst is not encoded on the other core while the store is
        // still sending it (on a 2-core machine that slowed the store's thread by half).
        // `.always` writes at once: its promise is "durable soon".
        deadline = Date(timeIntervalSinceNow: SyncSchedule.tick)
        continue
      }
      // The status first: once it says closing, every commit is published.
      let closing = queue.status.load(ordering: .acquiring) == Status.closing
      let end = queue.published.load(ordering: .acquiring)
      do {
        try writeCommits(through: end)
        if closing {
          try finish(lastSeq: end)
          return self.end(failure: nil)
        }
        try syncIfDue()
      } catch {
        return self.end(failure: error)
      }
      if queue.published.load(ordering: .acquiring) != end {
        deadline = .distantPast  // more came while writing: go again at once
      } else {
        // Idle: sleep until the next commit wakes it. Otherwise wake at the tick to sync.
        deadline = schedule.isIdle ? nil : Date(timeIntervalSinceNow: SyncSchedule.tick)
      }
    }
  }

  // MARK: Writing

  /// Takes the commits through `end` from the queue and writes their lines, with a checkpoint
  /// after each seq the store kept a state for.
  private mutating func writeCommits(through end: UInt64) throws(RecorderError) {
    guard queue.takenSeq < end else { return }
    defer { queue.reportTaken() }
    let snapshotInterval = UInt64(options.snapshotInterval)
    var oldest: Double?
    var throughSeq = schedule.writtenSeq
    var stamp = CommitStamp.blank
    while queue.takenSeq < end {
      let action = queue.takeNext(stamp: &stamp)
      let seq = queue.takenSeq
      let time = stamp.time.eventLineValue
      if oldest == nil { oldest = time }
      let lineStart = out.count
      do {
        let notes = queue.takeNotes(seq: seq)
        try LogLineWriter.appendEvent(
          seq: seq, t: time, origin: stamp.origin, draws: notes?.draws, sentDuring: notes?.sentDuring,
          site: notes?.site, into: &out
        ) { [actions] in try actions.append(action, to: &$0) }
      } catch {
        try flush(throughSeq: throughSeq, oldest: oldest)
        throw RecorderError(
          .encodingFailed, path: handle.path, seq: seq,
          message: "the action at seq \(seq) cannot be encoded: \(error)")
      }
      try refuseIfTooLong(from: lineStart, seq: seq, what: "the action", throughSeq: throughSeq, oldest: oldest)
      measure(lineBytes: out.count - lineStart)
      lastLineIsCheckpoint = false
      if seq % queue.keptStateInterval == 0, let state = queue.takeKeptState(seq: seq) {
        try appendCheckpoint(seq: seq, state: state, includeState: seq % snapshotInterval == 0)
      }
      throughSeq = seq
      if out.count >= Self.writeChunk {
        try flush(throughSeq: throughSeq, oldest: oldest)
        oldest = nil
        // A store waiting for room may go on with what is written so far.
        queue.reportTaken()
      }
    }
    try flush(throughSeq: throughSeq, oldest: oldest)
    try handle.checkIdentity(seq: throughSeq)
  }

  private mutating func appendCheckpoint(seq: UInt64, state: State, includeState: Bool) throws(RecorderError) {
    let lineStart = out.count
    let canonicalBytes: Int
    do {
      canonicalBytes = try LogLineWriter.appendCheckpoint(
        seq: seq, state: StateDigest.canonicalTree(of: state), snapshot: includeState, encoder: encoder, into: &out)
    } catch {
      throw RecorderError(
        .encodingFailed, path: handle.path, seq: seq, message: "the state at seq \(seq) cannot be encoded: \(error)")
    }
    try refuseIfTooLong(from: lineStart, seq: seq, what: "the state", throughSeq: seq - 1, oldest: nil)
    stateBytes = canonicalBytes
    lastLineIsCheckpoint = true
  }

  /// A line a reader would refuse (`LineEndScan.maxLineBytes`) is not written: what came before
  /// it is, and recording stops with the reason.
  private mutating func refuseIfTooLong(
    from lineStart: Int, seq: UInt64, what: String, throughSeq: UInt64, oldest: Double?
  ) throws(RecorderError) {
    let length = out.count - lineStart
    let limit = options.maxLineBytesForTesting ?? LineEndScan.maxLineBytes
    guard length > limit else { return }
    out.removeSubrange(lineStart...)
    try flush(throughSeq: throughSeq, oldest: oldest)
    throw RecorderError(
      .lineTooLong, path: handle.path, seq: seq,
      message: "\(what) at seq \(seq) encodes to a line of \(length) bytes, more than the \(limit) a reader takes; the log ends before it")
  }

  /// Counts an event line toward the estimate of what a pending commit takes in memory (its
  /// encoded size, plus its share of a checkpointed state), and tells the queue every 64
  /// commits or 1 MiB. The estimate moves a quarter of the way to each new measure, so a change
  /// of action sizes shows within a few measures.
  private mutating func measure(lineBytes: Int) {
    measuredBytes += lineBytes
    measuredCommits += 1
    // The first commit is measured alone: until then the store admits commits by count only.
    guard measuredCommits >= 64 || measuredBytes >= 1 << 20 || bytesPerCommit == 0 else { return }
    let sample = measuredBytes / measuredCommits + stateBytes / Int(queue.keptStateInterval)
    // A larger sample is taken at once: it is what the budget must hold now.
    bytesPerCommit = bytesPerCommit == 0 || sample > bytesPerCommit ? sample : (bytesPerCommit * 3 + sample) / 4
    measuredBytes = 0
    measuredCommits = 0
    queue.estimate(bytesPerCommit: bytesPerCommit)
  }

  private mutating func flush(throughSeq: UInt64, oldest: Double?) throws(RecorderError) {
    guard !out.isEmpty else { return }
    do {
      try handle.writeAll(out, seq: throughSeq)
    } catch var error {
      // The error names the batch's last seq; the user wants to know what the file holds.
      let whole = schedule.writtenSeq
      error.message += whole == 0
        ? " (of seq 1…\(throughSeq), the file holds those that fit, the last perhaps cut short)"
        : " (the file holds every event through seq \(whole); of seq \(whole + 1)…\(throughSeq), those that fit, the last perhaps cut short)"
      throw error
    }
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
    let previous = lifecycle.durable.exchange(seq, ordering: .acquiringAndReleasing)
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
  private mutating func finish(lastSeq: UInt64) throws(RecorderError) {
    // `lastState` was last written before the status read above was set: by `close()` on the
    // main actor (`captureFinalState()`), or, before `Recorder.deinit`, by the last store that
    // let go of the recorder (`storeLeaves`).
    if !lastLineIsCheckpoint, lastSeq > startSeq, lastSeq == schedule.writtenSeq {
      try appendCheckpoint(seq: lastSeq, state: queue.lastState, includeState: true)
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
    let queue = queue
    let lifecycle = lifecycle
    let (waiters, stored) = queue.lock.withLock {
      if let failure, lifecycle.failure == nil {
        lifecycle.failure = failure
        queue.status.store(Status.stopped, ordering: .releasing)
      }
      lifecycle.finished = true
      let waiters = lifecycle.closeWaiters
      lifecycle.closeWaiters = []
      return (waiters, lifecycle.failure)
    }
    queue.discardPublished()
    for waiter in waiters {
      if let stored { waiter.resume(throwing: stored) } else { waiter.resume() }
    }
    lifecycle.done.signal()
  }
}

