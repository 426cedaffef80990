import Foundation
import InternalTestSupport
import Synchronization
import Testing

@testable import EventLog
@testable import StoreCore

@MainActor
struct ReplayerTests {
  let folder = TemporaryFolder()

  /// 25 events: checkpoints every 4, snapshots every 8, a final snapshot at 25.
  func recorded() async throws -> (URL, [Probe.State]) {
    let file = folder.file()
    var rng = SplitMix64(seed: 5)
    let actions = (0..<25).map { _ in ProbeValues.action(&rng) }
    let live = try await recordProbe(
      actions, to: file, options: RecorderOptions(fsync: .never, checkpointInterval: 4, snapshotInterval: 8))
    return (file, live)
  }

  @Test func untilStartsFromTheNearestSnapshotAndStopsThere() async throws {
    let (file, live) = try await recorded()
    let replayer = Replayer(reducer: Probe())
    for seq in 0...25 {
      let result = try replayer.replay(file: file, until: UInt64(seq))
      #expect(result.state == Redaction.apply(live[seq]), "seq \(seq)")
      #expect(result.lastSeq == UInt64(seq))
      #expect(result.eventCount == seq)
      #expect(result.startedFromSnapshot == (seq >= 8 ? UInt64(seq / 8 * 8) : nil), "seq \(seq)")
    }
  }

  /// Where each event's line starts, as an index of the log (`refold devtools`) knows it.
  func eventLocations(_ file: URL) throws -> [UInt64: (offset: Int, line: Int)] {
    let bytes = Array(try Data(contentsOf: file))
    var locations: [UInt64: (offset: Int, line: Int)] = [:]
    for (number, start) in lineStarts(bytes).enumerated() {
      let prefix = String(decoding: bytes[start..<min(bytes.count, start + 20)], as: UTF8.self)
      guard prefix.hasPrefix(#"{"seq":"#), let seq = UInt64(prefix.dropFirst(7).prefix { $0.isNumber }) else { continue }
      locations[seq] = (start, number + 1)
    }
    return locations
  }

  // With an index, a replay to a seq starts reading at its snapshot's line: the same states, on
  // either reader, without reading the lines before.
  @Test(arguments: [Replayer<Probe>.Reading.sequential, .parallel(workers: 2, chunkSize: 512)])
  func untilReadsFromTheSnapshotsLineWhenAnIndexSaysWhereItIs(reading: Replayer<Probe>.Reading) async throws {
    let (file, live) = try await recorded()
    let locations = try eventLocations(file)
    var replayer = Replayer(reducer: Probe())
    replayer.reading = reading
    let asked = Mutex<[UInt64]>([])
    replayer.eventLocation = { seq in
      asked.withLock { $0.append(seq) }
      return locations[seq]
    }
    for seq in 0...25 {
      let result = try replayer.replay(file: file, until: UInt64(seq))
      #expect(result.state == Redaction.apply(live[seq]), "seq \(seq)")
      #expect(result.lastSeq == UInt64(seq))
      #expect(result.startedFromSnapshot == (seq >= 8 ? UInt64(seq / 8 * 8) : nil), "seq \(seq)")
      #expect(result.eventCount == (seq >= 8 ? seq - seq / 8 * 8 + 1 : seq), "counted from the snapshot's event on")
    }
    #expect(asked.withLock { Set($0) } == [8, 16, 24])

    // The lines before the snapshot are not read: damage there does not stop the replay.
    var bytes = Array(try Data(contentsOf: file))
    bytes[lineStarts(bytes)[2] + 3] ^= 0x01  // event 2
    try Data(bytes).write(to: file)
    #expect(try replayer.replay(file: file, until: 17).state == Redaction.apply(live[17]))
    #expect(throws: LogReadError.self) { try replayer.replay(file: file, until: 7) }
  }

  @Test func untilPastTheEndNamesTheLastSeq() async throws {
    let (file, _) = try await recorded()
    let error = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Probe()).replay(file: file, until: 26)
    }
    #expect(error?.kind == .seqPastEnd)
    #expect(error?.description.hasSuffix("events.log: seq 26 is past the end of the log: the last seq is 25") == true)
    #expect(throws: LogReadError.self) { try Replayer(reducer: Probe()).replay(file: file, until: 1_000) }
  }

  @Test func eventsSkippedBeforeTheSnapshotAreStillChecksummed() async throws {
    let (file, _) = try await recorded()
    var bytes = Array(try Data(contentsOf: file))
    bytes[lineStarts(bytes)[2] + 3] ^= 0x01  // event 2, long before the snapshot at 16
    try Data(bytes).write(to: file)
    let error = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Probe()).replay(file: file, until: 17)
    }
    #expect(error?.kind == .checksumMismatch)
    #expect(error?.line == 3)
  }

  @Test func untilAtASnapshotWhoseLineWasTornFallsBackToFoldingFromTheStart() async throws {
    let (file, live) = try await recorded()
    var bytes = Array(try Data(contentsOf: file))
    let starts = lineStarts(bytes)
    // Keep the header, events 1…8 and checkpoint 4, and half of snapshot 8.
    let snapshotLine = starts.firstIndex { start in
      String(decoding: bytes[start..<min(start + 16, bytes.count)], as: UTF8.self).hasPrefix(#"{"checkpoint":8"#)
    }!
    bytes.removeSubrange((starts[snapshotLine] + 20)...)
    try Data(bytes).write(to: file)
    let result = try Replayer(reducer: Probe()).replay(file: file, until: 8)
    #expect(result.state == Redaction.apply(live[8]))
    #expect(result.startedFromSnapshot == nil)
    #expect(result.warnings.count == 1)
  }

  @Test func aReducerThatChangedIsCaughtAtTheFirstCheckpointAfterTheChangeWithADiff() async throws {
    let file = folder.file()
    let live = try await recordProbe(
      (1...20).map { .add($0) }, to: file,
      options: RecorderOptions(fsync: .never, checkpointInterval: 4, snapshotInterval: 8))
    // Totals: 1, 3, 6, 10, 15, 21, … DriftedProbe adds 1 more from a total of 20 on (seq 6).
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: DriftedProbe(from: 20)).replay(file: file)
    }
    #expect(divergence?.seq == 8)
    #expect(divergence?.lastMatchingSeq == 4)
    #expect(divergence?.line == 11)
    #expect(divergence?.description.hasPrefix("\(file.path):11: state diverged at or before seq 8; the last matching checkpoint was seq 4") == true)
    #expect(divergence?.diff?.contains("-   total: 36") == true, "\(divergence?.diff ?? "no diff")")
    #expect(divergence?.diff?.contains("+   total: 39") == true)
    _ = live
    // Without verification the drifted state comes back as is.
    let unverified = try Replayer(reducer: DriftedProbe(from: 20)).replay(file: file, verify: false)
    #expect(unverified.state.total == 210 + 15)
    #expect(unverified.verifiedCheckpoints == 0)
  }

  @Test func aDivergenceAtADigestOnlyCheckpointHasNoDiff() async throws {
    let file = folder.file()
    // Over 1 KiB: a checkpoint carries the state only at snapshots (DivergenceDiffTests has more).
    _ = try await recordProbe(
      (1...6).map { .add($0) }, to: file, initialState: .init(notes: Array(repeating: String(repeating: "x", count: 300), count: 4)),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: DriftedProbe(from: 0)).replay(file: file)
    }
    #expect(divergence?.seq == 2)
    #expect(divergence?.lastMatchingSeq == 0)
    #expect(divergence?.diff == nil)
    #expect(divergence?.differingFields == ["total"])
    #expect(divergence?.description.contains("no checkpoint before it was reached") == true)
  }

  @Test func diffRendersTheChangeBetweenTwoSeqs() async throws {
    let file = folder.file()
    _ = try await recordProbe([.type("12"), .type("123"), .setFlag(true)], to: file)
    let replayer = Replayer(reducer: Probe())
    let diff = try replayer.diff(file: file, from: 1, to: 2)
    #expect(
      diff == """
          Probe.State(
        -   text: "12",
        +   text: "123",
            notes: [],
            total: 0,
            ratio: 1.0,
            flag: nil,
            user: "",
            password: "",
            items: []
          )
        """)
    #expect(try replayer.diff(file: file, from: 2, to: 2) == "no difference")
    #expect(try replayer.diff(file: file, from: 0, to: 3).contains("+   flag: true"))
    #expect(throws: LogReadError.self) { try replayer.diff(file: file, from: 1, to: 9) }
  }

  @Test func progressIsReportedUpToTheWholeFile() async throws {
    let file = folder.file()
    _ = try await recordProbe((0..<20_000).map { .note("note number \($0)") }, to: file)
    var reports: [ReplayProgress] = []
    let result = try Replayer(reducer: Probe()).replay(file: file) { reports.append($0) }
    #expect(reports.count >= 2)
    #expect(reports.map(\.bytesRead) == reports.map(\.bytesRead).sorted())
    #expect(reports.last == ReplayProgress(seq: 20_000, bytesRead: reports.last!.totalBytes, totalBytes: reports.last!.totalBytes))
    #expect(result.lastSeq == 20_000)
  }

  @Test func replayDoesNotRunEffects() async throws {
    let file = folder.file()
    _ = try await recordProbe([.type("a"), .type("b")], to: file)
    let started = Atomic(0)
    let reducer = Reduce<Probe.State, Probe.Action> { state, action in
      _ = Probe().reduce(into: &state, action: action)
      return .run { _ in started.add(1, ordering: .relaxed) }
    }
    let result = try Replayer(reducer: reducer).replay(file: file)
    await Task.yield()
    #expect(result.state.text == "b")
    #expect(started.load(ordering: .relaxed) == 0)
  }

  @Test func theInitialStateComesFromTheHeader() async throws {
    let file = folder.file()
    let initial = Probe.State(text: "처음", total: 42)
    _ = try await recordProbe([], to: file, initialState: initial)
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.state == initial)
    #expect(result.lastSeq == 0)
    #expect(result.eventCount == 0)
  }
}
