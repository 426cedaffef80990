import Foundation
@testable import JSONCodec
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// The store's hand-off to the recorder (`CommitQueue`): bursts that span many blocks, emptied
/// blocks filled again, two stores sharing a recorder, the recorder's place among the plugins,
/// and the coarse commit time.
@MainActor
struct RecorderHandOffTests {
  /// The events of a log, in file order, as (seq, t, action).
  func events(of file: URL) throws -> [(seq: UInt64, t: Double, action: JSONValue)] {
    let reader = try LogReader(file: file, feature: "probe")
    var events: [(seq: UInt64, t: Double, action: JSONValue)] = []
    while let record = try reader.next() {
      if case .event(let event) = record { events.append((event.seq, event.t, event.action)) }
    }
    return events
  }

  /// An enum case with one unlabelled value, in its Codable shape: `{"name":{"_0":value}}`.
  func caseJSON(_ name: String, _ value: JSONValue) -> JSONValue {
    .object(JSONObject([JSONObject.Member(key: name, value: .object(JSONObject([JSONObject.Member(key: "_0", value: value)])))]))
  }

  @Test func burstsAcrossManyBlocksAreWrittenWholeAndInOrder() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 1_000))
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    // Three bursts of 5,000 (each spans five blocks of 1,024); between them the writer catches
    // up and the emptied blocks are filled again.
    let burst = 5_000
    for round in 0..<3 {
      for index in 0..<burst { store.send(.add(Int64(round * burst + index))) }
      let target = UInt64((round + 1) * burst)
      #expect(recorder.recordedSeq == target)
      while recorder.durableSeq < target { await Task.yield() }
    }
    try await recorder.close()

    let events = try events(of: file)
    #expect(events.count == 3 * burst)
    #expect(events.map(\.seq) == Array(1...UInt64(3 * burst)))
    #expect(events.enumerated().allSatisfy { $0.element.action == caseJSON("add", .int(Int64($0.offset))) })
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.state == store.state)
    #expect(result.verifiedCheckpoints == 15)
  }

  @Test func eachEventCarriesItsCommitTimeToTheCoarseClocksResolution() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let before = Date().timeIntervalSince1970
    _ = try await recordProbe(Array(repeating: .add(1), count: 100), to: file)
    let after = Date().timeIntervalSince1970
    let times = try events(of: file).map(\.t)
    #expect(times.count == 100)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "t never goes back")
    // The coarse clock lags the precise one by at most a kernel tick (4 ms at HZ=250).
    #expect(times.allSatisfy { $0 >= before - 0.010 && $0 <= after + 0.001 }, "\(times.first ?? 0) in \(before)...\(after)")
  }

  /// The stamp reads the kernel's coarse clock (through the vDSO's `clock_gettime` where there
  /// is one): never before, nor after, what libc's call reads around it.
  @Test func theCommitTimeIsTheKernelsCoarseClock() {
    func libcCoarse() -> UInt64 {
      var time = timespec()
      #if os(Linux)
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
      #else
        clock_gettime(CLOCK_REALTIME, &time)
      #endif
      return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    for _ in 0..<1_000 {
      let before = libcCoarse()
      let stamp = CommitTime.now().nanosecondsSince1970
      let after = libcCoarse()
      #expect(before <= stamp && stamp <= after, "\(stamp) outside \(before)...\(after)")
      if !(before <= stamp && stamp <= after) { break }
    }
  }

  @Test func twoStoresSharingARecorderGetOneSeqSequence() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: RecorderOptions(fsync: .never))
    let first = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    let second = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    first.send(.type("a"))
    second.send(.type("b"))
    first.send(.type("c"))
    try await recorder.close()
    let events = try events(of: file)
    #expect(events.map(\.seq) == [1, 2, 3])
    #expect(events.map(\.action) == ["a", "b", "c"].map { caseJSON("type", .string($0)) })
  }

  @Test func pluginsSeeEachCommitInTheirOrderAroundTheRecorderAndAClosedOneIsDetached() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let before = CommitLog<Probe.State, Probe.Action>()
    let after = CommitLog<Probe.State, Probe.Action>()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: RecorderOptions(fsync: .never))
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [before, recorder, after])
    before.onCommit = { commit in
      #expect(recorder.recordedSeq == commit.seq - 1, "the plugin before the recorder has seq \(commit.seq) first")
    }
    after.onCommit = { commit in
      #expect(recorder.recordedSeq == commit.seq, "the recorder has seq \(commit.seq) before the plugin after it")
    }
    store.send(.add(1))
    store.send(.add(2))
    before.onCommit = nil
    after.onCommit = nil
    try await recorder.close()
    withKnownIssue {
      store.send(.add(3))
    } matching: { issue in
      issue.description.contains("seq 3 came after close()")
    }
    store.send(.add(4))
    #expect(before.commits.map(\.seq) == [1, 2, 3, 4])
    #expect(after.commits.map(\.seq) == [1, 2, 3, 4], "the plugin after the closed recorder saw every commit")
    #expect(try events(of: file).map(\.seq) == [1, 2])
  }

  /// A recorder alone takes the store's short path (`routes.soleQueue`: a push with nothing beside the
  /// action). A plugin attached after it takes the store off that path until it is detached,
  /// and a closed recorder alone still says once why it records no more, and is detached.
  @Test func aRecorderAloneOrWithAPluginRecordsEveryCommitAndOnceClosedSaysSoOnce() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: RecorderOptions(fsync: .never))
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    #expect(store.routes.soleQueue != nil)
    store.send(.add(1))

    let logger = CommitLog<Probe.State, Probe.Action>()
    logger.onCommit = { commit in
      #expect(recorder.recordedSeq == commit.seq, "the recorder has seq \(commit.seq) before the plugin after it")
    }
    store.attach(logger)
    #expect(store.routes.soleQueue == nil)
    store.send(.add(2))
    store.detach(logger)
    #expect(store.routes.soleQueue != nil)
    store.send(.add(3))
    #expect(logger.commits.map(\.seq) == [2])

    try await recorder.close()
    withKnownIssue {
      store.send(.add(4))
    } matching: { issue in
      issue.description.contains("seq 4 came after close()")
    }
    #expect(store.routes.soleQueue == nil, "the closed recorder was detached")
    store.send(.add(5))
    #expect(store.state.total == 15)
    #expect(try events(of: file).map(\.seq) == [1, 2, 3])
    #expect(try events(of: file).map(\.action) == [1, 2, 3].map { caseJSON("add", .int($0)) })
  }

  @Test func aRecorderAttachedByAPluginDuringACommitStartsWithTheNextOne() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let logger = CommitLog<Probe.State, Probe.Action>()
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [logger])
    var recorder: Recorder<Probe.State, Probe.Action>?
    logger.onCommit = { [unowned store] commit in
      guard recorder == nil else { return }
      // Its initial state already holds this commit: it must not be recorded as an event too.
      let attached = try Recorder<Probe.State, Probe.Action>(
        file: file, feature: "probe", initialState: commit.state, options: RecorderOptions(fsync: .never))
      recorder = attached
      store.attach(attached)
    }
    store.send(.add(1))
    store.send(.add(2))
    store.send(.add(3))
    try await recorder?.close()
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.eventCount == 2)
    #expect(result.state == store.state)
  }

  /// A block keeps its commits' stamps and actions in two arrays of one allocation: for actions
  /// of every size and alignment (none, a byte, a reference, 32 bytes aligned to 16), each
  /// commit comes out with its own action, origin and time, across blocks and reused blocks.
  @Test func eachCommitComesOutWithItsOwnStampWhateverTheActionsLayout() {
    struct Empty: Equatable {}
    expectCommitsComeOutWhole(Empty.self) { _ in Empty() }
    expectCommitsComeOutWhole(UInt8.self) { UInt8(truncatingIfNeeded: $0) }
    expectCommitsComeOutWhole(String.self) { "action \($0)" }
    expectCommitsComeOutWhole(SIMD4<Double>.self) { SIMD4(repeating: Double($0)) }
  }

  /// A stamp keeps the origin in the time's last bit: the event line's time (whole
  /// microseconds) is the clock's, whatever that bit was.
  @Test func aStampKeepsItsOriginAndTheLinesTime() {
    for nanoseconds: UInt64 in [1_763_740_800_000_000_000, 1_763_740_800_000_000_001, 1_763_740_800_123_456_999] {
      let time = CommitTime(nanosecondsSince1970: nanoseconds)
      for origin in [ActionOrigin.send, .effect] {
        let stamp = CommitStamp(time: time, origin: origin)
        #expect(stamp.origin == origin)
        #expect(stamp.time.eventLineValue == time.eventLineValue, "at \(nanoseconds) ns, \(origin)")
        #expect(nanoseconds - stamp.time.nanosecondsSince1970 <= 1)
      }
    }
  }

  private func expectCommitsComeOutWhole<Action: Equatable>(
    _: Action.Type, _ action: (Int) -> Action, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let queue = CommitQueue<Int, Action>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    queue.estimate(bytesPerCommit: 16)
    let origins: [ActionOrigin] = [.send, .effect, .effect]
    // Two rounds of two and a half blocks: the second fills the blocks the first emptied.
    for round in 0..<2 {
      expectCommitsRoundTrip(
        queue, first: round * 2_560, count: 2_560, action: action, origin: { origins[$0 % 3] },
        sourceLocation: sourceLocation)
    }
  }
}
