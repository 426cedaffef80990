import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// The hand-off's byte budget: what waits for the writer is bounded in bytes, not only in
/// commits, so a burst of large actions is written at the disk's pace instead of piling up.
@MainActor
struct RecorderByteBudgetTests {
  /// A consumer on its own thread that takes every commit as it comes and notes the most it
  /// ever found pending.
  final class Consumer: @unchecked Sendable {
    // NB: @unchecked: `maxPending` is written by the consumer thread before `done` is resumed
    //     and read only after.
    let queue: CommitQueue<Int, Int>
    let total: UInt64
    var maxPending: UInt64 = 0
    var taken: [Int] = []

    init(queue: CommitQueue<Int, Int>, total: UInt64) {
      self.queue = queue
      self.total = total
    }

    func run() async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread { [self] in
          while queue.takenSeq < total {
            queue.waitForWork(until: nil, pollInterval: 0.01)
            let end = queue.published.load(ordering: .acquiring)
            maxPending = max(maxPending, end - queue.takenSeq)
            var stamp = CommitStamp.blank
            while queue.takenSeq < end {
              taken.append(queue.takeNext(stamp: &stamp))
              queue.reportTaken()
            }
          }
          done.resume()
        }
        thread.start()
      }
    }
  }

  /// Pushes `count` commits on the main actor while `consumer` takes them.
  func push(_ count: Int, to queue: CommitQueue<Int, Int>, consumer: Consumer) async {
    async let consumed: Void = consumer.run()
    for value in 1...count {
      #expect(queue.push(origin: .send, action: value, state: value))
    }
    await consumed
  }

  @Test func pendingCommitsNeverExceedWhatTheBudgetAdmits() async {
    // 64 KiB at 4 KiB a commit: 16 admitted, checked every 4.
    let queue = CommitQueue<Int, Int>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40, byteBudget: 64 << 10)
    queue.estimate(bytesPerCommit: 4 << 10)
    let consumer = Consumer(queue: queue, total: 2_000)
    await push(2_000, to: queue, consumer: consumer)

    #expect(consumer.taken == Array(1...2_000))
    #expect(consumer.maxPending <= 16, "the consumer once found \(consumer.maxPending) commits pending")
    #expect(queue.peakPendingBytes <= 64 << 10)
    #expect(queue.peakPendingBytes > 0)
  }

  @Test func aCommitLargerThanTheWholeBudgetIsAdmittedAloneAndNeverDeadlocks() async {
    let queue = CommitQueue<Int, Int>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40, byteBudget: 64 << 10)
    queue.estimate(bytesPerCommit: 1 << 20)
    let consumer = Consumer(queue: queue, total: 200)
    await push(200, to: queue, consumer: consumer)

    #expect(consumer.taken == Array(1...200))
    #expect(consumer.maxPending <= 1)
  }

  @Test func smallCommitsAreAdmittedByTheHundredThousandAndNeverWait() async {
    // 32 MiB at 60 bytes a commit (a small action's line) admits 559,240, checked as rarely as
    // ever (every 131,072); at 16 bytes, the count limit (1,048,576) rules.
    let queue = CommitQueue<Int, Int>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    queue.estimate(bytesPerCommit: 16)
    #expect(queue.admitted.load(ordering: .relaxed) == CommitQueue<Int, Int>.pendingLimit)
    queue.estimate(bytesPerCommit: 60)
    #expect(queue.admitted.load(ordering: .relaxed) == 559_240)
    #expect(queue.checkInterval.load(ordering: .relaxed) == CommitQueue<Int, Int>.signalInterval)
    let consumer = Consumer(queue: queue, total: 5_000)
    await push(5_000, to: queue, consumer: consumer)
    #expect(queue.roomWaits == 0)
  }

  /// 1,500 distinct 16 KiB actions (24 MB) sent in one burst to a recorder with a 1 MiB budget.
  @Test func aBurstOfLargeActionsIsRecordedWholeWithinTheBudget() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 100, maxPendingBytes: 1 << 20))
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    let body = String(repeating: "x", count: 16 << 10)
    for index in 0..<1_500 { store.send(.type("\(index):\(body)")) }
    try await recorder.close()

    let (bytes, waits) = recorder.pendingBytesPeak
    #expect(waits > 0, "the store never waited for room")
    // 64 commits before the writer's first measure, then never more than the budget admits:
    // a 16 KiB action over the budget at most (the budget is not a multiple of a line's size).
    #expect(bytes <= (1 << 20) + 2 * (17 << 10), "\(bytes) bytes were pending at once")
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.eventCount == 1_500)
    #expect(result.state == store.state)
    #expect(result.verifiedCheckpoints == 15)
  }

  @Test func anActionWhoseLineAReaderWouldRefuseStopsRecordingBeforeIt() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    var options = RecorderOptions(fsync: .never, checkpointInterval: 1_000)
    options.maxLineBytesForTesting = 4_096
    let failures = FailureBox()
    options.onFailure = { failures.set($0) }
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: options)
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    store.send(.type("short"))
    store.send(.type(String(repeating: "y", count: 5_000)))
    await #expect(throws: RecorderError.self) { try await recorder.close() }

    let error = try #require(failures.error)
    #expect(error.kind == .lineTooLong)
    #expect(error.seq == 2)
    #expect(error.description.contains("more than the 4096 a reader takes"), "\(error)")
    // What came before it is on disk and replays.
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 1)
    #expect(result.state.text == "short")
  }
}

/// The error a recorder reported on its writer thread.
final class FailureBox: @unchecked Sendable {
  // NB: @unchecked: `stored` is only touched with `lock` held.
  private let lock = NSLock()
  private var stored: RecorderError?
  func set(_ error: RecorderError) { lock.withLock { stored = error } }
  var error: RecorderError? { lock.withLock { stored } }
}
