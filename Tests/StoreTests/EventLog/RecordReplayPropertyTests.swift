import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// Random sessions recorded through a real store and recorder to a real file, then replayed.
// NB: not @MainActor: its loops run for seconds without suspending, and on the main actor they
//     would hold up every other test that needs it (the TestStore tests time out).
struct RecordReplayPropertyTests {
  @Test(arguments: 0..<12)
  func replayGivesTheLiveStateAtEveryCheckpointAndAtTheEnd(seed: Int) async throws {
    var rng = SplitMix64(seed: UInt64(seed) &* 0x1234_5678 &+ 1)
    let count = seed == 0 ? 0 : Int.random(in: 1...1_200, using: &rng)
    let interval = [1, 3, 16, 100, 1000].randomElement(using: &rng)!
    let snapshotEvery = [1, 2, 5].randomElement(using: &rng)!
    let policy = FsyncPolicy.allCases.randomElement(using: &rng)!
    let actions = (0..<count).map { _ in ProbeValues.action(&rng) }
    let folder = TemporaryFolder()
    let file = folder.file()
    let initial = Probe.State(text: "시작", notes: ["\u{0}"], total: .max, ratio: 0.1, flag: false)

    let live = try await recordProbe(
      actions, to: file, initialState: initial,
      options: RecorderOptions(fsync: policy, checkpointInterval: interval, snapshotInterval: interval * snapshotEvery))

    let replayer = Replayer(reducer: Probe())
    let result = try replayer.replay(file: file)
    #expect(result.lastSeq == UInt64(count))
    #expect(result.eventCount == count)
    #expect(result.state == Redaction.apply(live[count]))
    #expect(result.warnings.isEmpty)
    #expect(result.verifiedCheckpoints == count / interval + (count % interval == 0 ? 0 : 1))

    // Every checkpoint, and a few seqs between them, by time travel.
    var seqs = Set(stride(from: 0, through: count, by: interval).map { $0 })
    for _ in 0..<5 where count > 0 { seqs.insert(Int.random(in: 0...count, using: &rng)) }
    // Each of them, or a sample where REFOLD_TEST_STRIDE is set (TestStride): with a checkpoint after
    // every action, this is a replay per action.
    for seq in TestStride.sample(seqs.sorted()) {
      await Task.yield()
      let partial = try replayer.replay(file: file, until: UInt64(seq))
      #expect(partial.state == Redaction.apply(live[seq]), "seed \(seed), seq \(seq)")
      #expect(partial.lastSeq == UInt64(seq))
    }

    // The actions read back are the redacted actions sent, in order, with their origins.
    let events = try readAll(file).records.compactMap { record -> LogEvent? in
      if case .event(let event) = record { return event }
      return nil
    }
    let decoded = try events.map { try LogJSONDecoder().decode(Probe.Action.self, from: $0.action) }
    #expect(decoded == actions.map { Redaction.apply($0) })
    #expect(events.allSatisfy { $0.origin == .send })
  }

  @Test @MainActor func actionsFromEffectsAreRecordedWithTheirOrigin() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: Probe.State(), options: RecorderOptions(fsync: .never))
    let store = Store(
      initialState: Probe.State(),
      reducer: Reduce<Probe.State, Probe.Action> { state, action in
        _ = Probe().reduce(into: &state, action: action)
        if case .type(let text) = action { return .send(.note("typed " + text)) }
        return .none
      }, plugins: [recorder])
    await store.send(.type("a")).finish()
    try await recorder.close()
    let origins = try readAll(file).records.compactMap { record -> ActionOrigin? in
      if case .event(let event) = record { return event.origin }
      return nil
    }
    #expect(origins == [.send, .effect])
    #expect(try Replayer(reducer: Probe()).replay(file: file).state == store.state)
  }
}
