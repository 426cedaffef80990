import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

@MainActor
struct RecorderAppendTests {
  let options = RecorderOptions(fsync: .never, checkpointInterval: 3, snapshotInterval: 6, existingFile: .append)

  /// Replays `file`, continues it with `actions` from the replayed state, and returns the live
  /// states of the continuation.
  func resume(_ file: URL, with actions: [Probe.Action]) async throws -> (Recorder<Probe.State, Probe.Action>, [Probe.State]) {
    let resumed = try Replayer(reducer: Probe()).replay(file: file)
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: resumed.state, options: options)
    let store = Store(initialState: resumed.state, reducer: Probe(), plugins: [recorder])
    var states = [store.state]
    for action in actions {
      store.send(action)
      states.append(store.state)
    }
    try await recorder.close()
    return (recorder, states)
  }

  @Test func appendingToAClosedLogContinuesItsSeqs() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let first = try await recordProbe((1...7).map { .add($0) }, to: file, options: options)
    let header = try LogReader(file: file).header
    let (recorder, second) = try await resume(file, with: [.type("later"), .add(100)])
    #expect(recorder.resumedAtSeq == 7)
    #expect(recorder.warnings.isEmpty)
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 9)
    #expect(result.state == second.last)
    #expect(result.header == header)
    #expect(try Replayer(reducer: Probe()).replay(file: file, until: 7).state == first[7])
  }

  @Test func appendingAfterACrashCutsTheTornLineAndCheckpointsTheResumedState() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    _ = try await recordProbe((1...5).map { .add($0) }, to: file, options: options)
    // A crash: the final checkpoint never made it, and event 6 is half written.
    var bytes = Array(try Data(contentsOf: file))
    let starts = lineStarts(bytes)
    bytes.removeSubrange(starts.last!...)
    bytes += Array(#"{"seq":6,"t":17637"#.utf8)
    try Data(bytes).write(to: file)

    let replayed = try Replayer(reducer: Probe()).replay(file: file)
    #expect(replayed.lastSeq == 5)
    #expect(replayed.warnings.count == 1)
    let (recorder, continued) = try await resume(file, with: [.add(6), .add(7)])
    #expect(recorder.resumedAtSeq == 5)
    #expect(recorder.warnings.first?.contains("cut a torn last line (18 bytes") == true)
    let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix(#"{"checkpoint":5,"#) && $0.contains(#""state":"#) })
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.warnings.isEmpty)
    #expect(result.lastSeq == 7)
    #expect(result.state == continued.last)
  }

  @Test func appendingWithAStateThatIsNotTheLogsLastStateIsRefused() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    _ = try await recordProbe([.add(1), .add(2)], to: file, options: options)
    let before = try Data(contentsOf: file)
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(
        file: file, feature: "probe", initialState: Probe.State(total: 99), options: options)
    }
    #expect(error?.kind == .resumeMismatch)
    #expect(error?.description.contains("seq 2") == true)
    #expect(try Data(contentsOf: file) == before)
  }

  @Test func appendingToALogOfAnotherFeatureIsRefused() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    _ = try await recordProbe([.add(1)], to: file, options: options)
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: file, feature: "signIn", initialState: .init(), options: options)
    }
    #expect(error?.kind == .cannotAppend)
    #expect(error?.description.contains(#"the log is for feature "probe", not "signIn""#) == true)
  }

  @Test func appendingToAFileThatIsNotALogIsRefused() throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    try Data("hello\nworld\n".utf8).write(to: file)
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: file, feature: "probe", initialState: .init(), options: options)
    }
    #expect(error?.kind == .cannotAppend)
    #expect(error?.description.contains("line 1: not a Refold event log") == true)
  }

  @Test func appendingToAMissingOrEmptyFileStartsANewLog() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let live = try await recordProbe([.add(1)], to: file, options: options)
    #expect(try Replayer(reducer: Probe()).replay(file: file).state == live.last)
    let empty = folder.file("empty.log")
    try Data().write(to: empty)
    _ = try await recordProbe([.add(1)], to: empty, options: options)
    #expect(try Replayer(reducer: Probe()).replay(file: empty).lastSeq == 1)
  }
}
