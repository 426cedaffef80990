import Foundation
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// The final checkpoint holds the state after the last recorded commit. The store does not copy
/// its state into the queue on every commit: the queue reads it from the store that made the
/// last commit when the recorder closes, and a store that stops pushing (it detaches the
/// recorder, or it is released) leaves the queue its state then.
@MainActor
struct RecorderFinalStateTests {
  func makeRecorder(_ file: URL) throws -> Recorder<Probe.State, Probe.Action> {
    try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: RecorderOptions(fsync: .never))
  }

  /// The log's last line, which must be a checkpoint, with its seq and whether its digest is
  /// that of `expected`.
  func expectFinalCheckpoint(
    of file: URL, seq: UInt64, state expected: Probe.State, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let records = try readAll(file).records
    guard case .checkpoint(let checkpoint) = records.last else {
      Issue.record("the log does not end with a checkpoint: \(String(describing: records.last))", sourceLocation: sourceLocation)
      return
    }
    #expect(checkpoint.seq == seq, sourceLocation: sourceLocation)
    #expect(checkpoint.hasState, "the final checkpoint carries the whole state", sourceLocation: sourceLocation)
    #expect(checkpoint.digest == (try StateDigest.digest(of: expected)), "digest of \(expected.total)", sourceLocation: sourceLocation)
  }

  @Test func aStoreAloneLeavesTheStateOfItsLastCommit() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try makeRecorder(file)
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    for amount in [1, 2, 3] as [Int64] { store.send(.add(amount)) }
    store.send(.note("last"))
    try await recorder.close()
    try expectFinalCheckpoint(of: file, seq: 4, state: store.state)
    let replayed = try Replayer(reducer: Probe()).replay(file: file)
    #expect(replayed.state == store.state)
  }

  @Test func aStoreThatDetachesItsRecorderLeavesTheStateOfItsLastRecordedCommit() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try makeRecorder(file)
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    store.send(.add(1))
    store.send(.add(2))
    let recorded = store.state
    store.detach(recorder)
    store.send(.add(100))
    store.send(.type("not recorded"))
    try await recorder.close()
    try expectFinalCheckpoint(of: file, seq: 2, state: recorded)
    #expect(try Replayer(reducer: Probe()).replay(file: file).state == recorded)
  }

  @Test func aStoreReleasedBeforeItsRecorderClosesLeavesItsLastState() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try makeRecorder(file)
    var store: Store<Probe.State, Probe.Action>? = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    store?.send(.add(7))
    store?.send(.addItem(id: 1, name: "kept"))
    let last = try #require(store?.state)
    weak var released = store
    store = nil
    #expect(released == nil, "the store is gone before the recorder closes")
    try await recorder.close()
    try expectFinalCheckpoint(of: file, seq: 2, state: last)
  }

  /// A recorder closed mid-session: the commits after it are refused, and the store's later
  /// state must not reach the checkpoint written for the last recorded one.
  @Test func commitsAfterCloseDoNotReachTheFinalCheckpoint() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try makeRecorder(file)
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    store.send(.add(5))
    let recorded = store.state
    try await recorder.close()
    withKnownIssue {
      store.send(.add(50))
    } matching: { issue in
      issue.description.contains("seq 2 came after close()")
    }
    #expect(store.state.total == 55)
    try expectFinalCheckpoint(of: file, seq: 1, state: recorded)
  }

  /// Two stores share a recorder: the final checkpoint is the state of the store that made the
  /// last commit, whichever pushed before it.
  @Test func twoStoresSharingARecorderLeaveTheStateOfTheLastOneToCommit() async throws {
    for lastIsFirst in [true, false] {
      let folder = TemporaryFolder()
      let file = folder.file()
      let recorder = try makeRecorder(file)
      let first = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
      let second = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
      first.send(.add(1))
      second.send(.add(10))
      if lastIsFirst { first.send(.add(100)) } else { second.send(.add(1_000)) }
      try await recorder.close()
      try expectFinalCheckpoint(of: file, seq: 3, state: lastIsFirst ? first.state : second.state)
    }
  }

  /// A plugin before the recorder detaches it while a commit is under way: that commit is still
  /// recorded (the routes are those the commit began with), and it is the last one.
  @Test func aRecorderDetachedDuringACommitEndsOnThatCommit() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try makeRecorder(file)
    let detacher = Detacher()
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [detacher, recorder])
    detacher.detach = { [weak store] in store?.detach(recorder) }
    store.send(.add(1))
    detacher.armed = true
    store.send(.add(2))
    let recorded = store.state
    store.send(.add(300))
    try await recorder.close()
    try expectFinalCheckpoint(of: file, seq: 2, state: recorded)
  }

  @MainActor
  final class Detacher: StorePlugin {
    var armed = false
    var detach: () -> Void = {}
    func didCommit(_ commit: Commit<Probe.State, Probe.Action>) throws {
      guard armed else { return }
      armed = false
      detach()
    }
  }
}
