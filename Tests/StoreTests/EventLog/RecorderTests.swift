import Foundation
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

@MainActor
struct RecorderTests {
  /// Collects the seqs `onDurable` reports, for awaiting them without sleeping.
  final class DurableSeqs: Sendable {
    let stream: AsyncStream<UInt64>
    let continuation: AsyncStream<UInt64>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream() }
    var callback: @Sendable (UInt64) -> Void { { [continuation] in continuation.yield($0) } }

    func wait(for seq: UInt64) async -> [UInt64] {
      var seen: [UInt64] = []
      for await reported in stream {
        seen.append(reported)
        if reported >= seq { break }
      }
      return seen
    }

    /// ``wait(for:)``, bounded for a writer that never wakes. Not a wait for one that does: a
    /// passing test returns as soon as the seq is reported. Giving up ends the stream.
    func wait(for seq: UInt64, givingUpAfter limit: Duration) async -> [UInt64] {
      await withTaskGroup(of: [UInt64]?.self) { group in
        group.addTask { await self.wait(for: seq) }
        group.addTask {
          try? await Task.sleep(for: limit)
          return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
      }
    }
  }

  func makeStore(_ recorder: Recorder<Probe.State, Probe.Action>, _ state: Probe.State = .init())
    -> Store<Probe.State, Probe.Action>
  {
    Store(initialState: state, reducer: Probe(), plugins: [recorder])
  }

  @Test func theHeaderAndEventLinesHaveTheDocumentedShape() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    _ = try await recordProbe([.type("1234"), .setFlag(nil)], to: file)
    let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix(#"{"format":"refold-log","version":1,"feature":"probe","schema":1,"created":""#))
    #expect(
      lines[0].contains(
        #"Z","checkpointInterval":1000,"snapshotInterval":10000,"redaction":{"placeholder":"<redacted>"},"initialState":{"items":[],"notes":[],"password":"","ratio":1,"text":"","total":0,"user":""},"crc":""#
      ))
    #expect(lines[1].hasPrefix(#"{"seq":1,"t":"#))
    #expect(lines[1].contains(#","origin":"send","action":{"type":{"_0":"1234"}},"crc":""#))
    #expect(lines[2].contains(#""action":{"setFlag":{}},"crc":""#))
    #expect(lines[3].hasPrefix(#"{"checkpoint":2,"digest":""#))
    #expect(lines[3].contains(#""state":{"items":[],"notes":[],"password":"","ratio":1,"text":"1234","total":0,"user":""},"crc":""#))
    let reader = try LogReader(file: file)
    #expect(reader.header.createdDate != nil)
    #expect(abs(reader.header.createdDate!.timeIntervalSinceNow) < 3600)
    _ = try reader.next()
    guard case .event(let event) = try reader.next() else {
      Issue.record("no event")
      return
    }
    #expect(abs(event.t - Date().timeIntervalSince1970) < 3600)
    #expect(event.actionName == "type")
    #expect(event.actionJSON == #"{"type":{"_0":"1234"}}"#)
  }

  @Test func theLogIsCreatedWithMode0600() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    _ = try await recordProbe([.type("x")], to: file)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func replacingAnExistingFileMakesItPrivateToo() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    try Data("old contents\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    _ = try await recordProbe([.type("x")], to: file, options: RecorderOptions(fsync: .never, existingFile: .replace))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try Replayer(reducer: Probe()).replay(file: file).state.text == "x")
  }

  @Test func anExistingFileIsNotOverwrittenByDefault() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    try Data("keep me\n".utf8).write(to: file)
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: file, feature: "probe", initialState: .init())
    }
    #expect(error?.kind == .alreadyExists)
    #expect(error?.description.contains(file.path) == true)
    #expect(error?.description.contains("existingFile: .replace") == true)
    #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
  }

  @Test func aMissingFolderThrowsFromInitNamingThePath() {
    let file = URL(fileURLWithPath: "/nonexistent-refold-folder/sub/events.log")
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: file, feature: "probe", initialState: .init())
    }
    #expect(error?.kind == .cannotCreate)
    #expect(
      error?.description
        == "cannot record to /nonexistent-refold-folder/sub/events.log: cannot create: No such file or directory (does the folder exist?)"
    )
  }

  @Test func aPathThroughAFileThrowsFromInit() throws {
    let folder = TemporaryFolder()
    try Data().write(to: folder.file("plain"))
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: folder.file("plain").appendingPathComponent("events.log"), feature: "probe", initialState: .init())
    }
    #expect(error?.kind == .cannotCreate)
    #expect(error?.description.contains("Not a directory") == true)
  }

  @Test(arguments: [(0, 10), (10, 15), (10, 5)])
  func inconsistentIntervalsAreRejected(checkpoint: Int, snapshot: Int) {
    let folder = TemporaryFolder()
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(
        file: folder.file(), feature: "probe", initialState: .init(),
        options: RecorderOptions(checkpointInterval: checkpoint, snapshotInterval: snapshot))
    }
    #expect(error?.kind == .invalidOptions)
    #expect(!FileManager.default.fileExists(atPath: folder.file().path))
  }

  @Test func closeIsIdempotentAndLaterCommitsAreReportedNotRecorded() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Probe.State, Probe.Action>(file: file, feature: "probe", initialState: .init())
    let store = makeStore(recorder)
    store.send(.type("a"))
    try await recorder.close()
    let closedBytes = try Data(contentsOf: file)
    try await recorder.close()
    try await recorder.close()
    #expect(recorder.durableSeq == 1)
    withKnownIssue {
      store.send(.type("b"))
    } matching: { issue in
      issue.description.contains("is closed") && issue.description.contains("seq 2 came after close()")
    }
    store.send(.type("c"))  // detached: no second report
    #expect(store.state.text == "c")
    #expect(try Data(contentsOf: file) == closedBytes)
    #expect(try Replayer(reducer: Probe()).replay(file: file).lastSeq == 1)
  }

  @Test func closeWritesAFinalSnapshotOnlyWhenTheLastLineIsNotACheckpoint() async throws {
    let folder = TemporaryFolder()
    for (count, expectedLast) in [(4, #"{"checkpoint":4,"digest":""#), (5, #"{"checkpoint":5,"digest":""#), (0, #"{"format":"#)] {
      let file = folder.file("\(count).log")
      _ = try await recordProbe(
        Array(repeating: .add(1), count: count), to: file,
        options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
      let last = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").last.map(String.init)
      #expect(last?.hasPrefix(expectedLast) == true, "\(count) events")
      #expect(last?.contains(#""state":{"#) == (count > 0), "\(count) events")
    }
  }

  @Test func alwaysReportsEachActionDurableBeforeTheNextIsSent() async throws {
    let folder = TemporaryFolder()
    let durable = DurableSeqs()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: folder.file(), feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .always, onDurable: durable.callback))
    let store = makeStore(recorder)
    for seq in 1...5 as ClosedRange<UInt64> {
      store.send(.add(Int64(seq)))
      let seen = await durable.wait(for: seq)
      #expect(seen == [seq])
      #expect(recorder.durableSeq == seq)
    }
    try await recorder.close()
  }

  @Test func batchedReportsDurabilityWithoutClose() async throws {
    let folder = TemporaryFolder()
    let durable = DurableSeqs()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: folder.file(), feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .batched, onDurable: durable.callback))
    let store = makeStore(recorder)
    for _ in 0..<100 { store.send(.add(1)) }
    let seen = await durable.wait(for: 100)
    #expect(seen.last == 100)
    #expect(seen == seen.sorted())
    try await recorder.close()
    #expect(recorder.durableSeq == 100)
  }

  /// Regression: after an fsync left nothing unsynced, the writer slept with no deadline while
  /// commits still took it for awake, so the next actions (fewer than 4,096) stayed in memory
  /// until `close()`: lost in a crash, and never reported durable.
  ///
  /// Off the main actor but for the sends: a busy main actor (the stress tests) must not count
  /// against the bound on the writer.
  @Test(arguments: [FsyncPolicy.batched, .never])
  nonisolated func laterActionsBecomeDurableAfterTheWriterWentIdle(policy: FsyncPolicy) async throws {
    let folder = TemporaryFolder()
    let durable = DurableSeqs()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: folder.file(), feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: policy, onDurable: durable.callback))
    let store = await Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    for round in 1...3 as ClosedRange<UInt64> {
      await MainActor.run {
        store.send(.add(1))
        store.send(.add(2))
      }
      let seen = await durable.wait(for: 2 * round, givingUpAfter: .seconds(30))
      #expect(seen.last == 2 * round, "round \(round)")
      #expect(recorder.durableSeq == 2 * round)
    }
    try await recorder.close()
  }

  @Test func neverReportsWrittenSeqsAsDurable() async throws {
    let folder = TemporaryFolder()
    let durable = DurableSeqs()
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: folder.file(), feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .never, onDurable: durable.callback))
    let store = makeStore(recorder)
    for _ in 0..<10 { store.send(.add(1)) }
    try await recorder.close()
    #expect(recorder.durableSeq == 10)
    durable.continuation.finish()
    var reported: [UInt64] = []
    for await seq in durable.stream { reported.append(seq) }
    #expect(reported.last == 10)
  }

  @Test func aRecorderReleasedWithoutCloseFlushesEverything() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    var live = Probe.State()
    do {
      let recorder = try Recorder<Probe.State, Probe.Action>(
        file: file, feature: "probe", initialState: .init(), options: RecorderOptions(fsync: .batched))
      let store = makeStore(recorder)
      for index in 0..<5_000 { store.send(.note("n\(index)")) }
      live = store.state
    }
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 5_000)
    #expect(result.state == live)
    let last = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").last!
    #expect(last.hasPrefix(#"{"checkpoint":5000,"#))
  }

  @Test func manyActionsFasterThanTheDiskAllArriveInOrder() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let live = try await recordProbe(
      (0..<30_000).map { .add(Int64($0)) }, to: file, options: RecorderOptions(fsync: .batched))
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 30_000)
    #expect(result.verifiedCheckpoints == 30)
    #expect(result.state == live.last)
  }
}
