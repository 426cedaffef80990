import Foundation
import Synchronization
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// A write that fails stops recording, is reported, and leaves the store running and what was
/// written readable.
@MainActor
struct RecorderFailureTests {
  let durable = RecorderTests.DurableSeqs()

  func start(_ file: URL) throws -> (Recorder<Probe.State, Probe.Action>, Store<Probe.State, Probe.Action>) {
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(),
      options: RecorderOptions(fsync: .always, onDurable: durable.callback))
    return (recorder, Store(initialState: .init(), reducer: Probe(), plugins: [recorder]))
  }

  /// Waits (on close, not on a clock) for the writer to stop, and returns its error.
  func stoppedError(_ recorder: Recorder<Probe.State, Probe.Action>) async -> RecorderError? {
    do {
      try await recorder.close()
      return nil
    } catch {
      return error as? RecorderError
    }
  }

  /// After recording stopped: the next send reports the detached recorder (naming `cause`),
  /// the store keeps folding, and the log replays to what was written before.
  func expectStoreRunsOnAndLogReplays(
    _ store: Store<Probe.State, Probe.Action>, cause: String, file: URL, lastSeq: UInt64, total: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = store.state.total
    withKnownIssue {
      store.send(.add(10))
    } matching: { issue in
      issue.description.contains("was detached") && issue.description.contains(cause)
    }
    store.send(.add(20))
    #expect(store.state.total == before + 30, sourceLocation: sourceLocation)
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == lastSeq, sourceLocation: sourceLocation)
    #expect(result.state.total == total, sourceLocation: sourceLocation)
  }

  @Test func aFullDiskStopsRecordingAndTheStoreKeepsRunning() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let (recorder, store) = try start(file)
    store.send(.add(1))
    store.send(.add(2))
    _ = await durable.wait(for: 2)
    recorder.redirectWritesForTesting(to: "/dev/full")
    store.send(.add(3))
    let error = await stoppedError(recorder)
    #expect(error?.kind == .writeFailed)
    #expect(error?.errno == ENOSPC)
    #expect(error?.description.contains("recording to \(file.path) stopped at seq") == true)
    #expect(error?.description.contains("No space left on device") == true)
    // What is on disk, not only where the batch ended (issue #19).
    #expect(error?.description.contains("(the file holds every event through seq 2; of seq 3…3, those that fit, the last perhaps cut short)") == true, "\(String(describing: error))")

    try expectStoreRunsOnAndLogReplays(store, cause: "No space left on device", file: file, lastSeq: 2, total: 3)
    // close keeps throwing the stored error.
    await #expect(throws: RecorderError.self) { try await recorder.close() }
  }

  @Test func removingTheFileWhileRecordingStopsRecording() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let (recorder, store) = try start(file)
    store.send(.add(1))
    _ = await durable.wait(for: 1)
    try FileManager.default.removeItem(at: file)
    store.send(.add(2))
    let error = await stoppedError(recorder)
    #expect(error?.kind == .fileRemoved)
    #expect(error?.description.contains("the log file was removed while recording") == true)
    withKnownIssue {
      store.send(.add(3))
    } matching: { issue in
      issue.description.contains("removed while recording")
    }
    #expect(store.state.total == 6)
  }

  @Test func replacingTheFileWhileRecordingStopsRecordingAndKeepsTheOldLogReadable() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let moved = folder.file("moved.log")
    let (recorder, store) = try start(file)
    store.send(.add(1))
    _ = await durable.wait(for: 1)
    try FileManager.default.moveItem(at: file, to: moved)
    try Data("someone else's file\n".utf8).write(to: file)
    store.send(.add(2))
    let error = await stoppedError(recorder)
    #expect(error?.kind == .fileReplaced)
    #expect(try String(contentsOf: file, encoding: .utf8) == "someone else's file\n")
    let result = try Replayer(reducer: Probe()).replay(file: moved)
    #expect(result.lastSeq == 2)  // the batch was written before the check noticed
    #expect(result.state.total == 3)
  }

  /// Fails every fsync after the first `succeeding` ones with `code`, and counts the calls.
  final class FailingFsync: Sendable {
    let calls = Atomic(0)
    let succeeding: Int
    let code: Int32
    init(after succeeding: Int, with code: Int32 = EIO) {
      self.succeeding = succeeding
      self.code = code
    }
    var hook: @Sendable (Int32) -> Int32 {
      { [self] _ in calls.add(1, ordering: .relaxed).newValue > succeeding ? code : 0 }
    }
  }

  @Test func aFailingFsyncStopsRecordingAndWhatWasWrittenStaysReadable() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let fsync = FailingFsync(after: 2)  // the header's, then the first batch's
    var options = RecorderOptions(fsync: .always, onDurable: durable.callback)
    options.fsyncForTesting = fsync.hook
    let recorder = try Recorder<Probe.State, Probe.Action>(
      file: file, feature: "probe", initialState: .init(), options: options)
    let store = Store(initialState: Probe.State(), reducer: Probe(), plugins: [recorder])
    store.send(.add(1))
    #expect(await durable.wait(for: 1) == [1])
    store.send(.add(2))
    let error = await stoppedError(recorder)
    #expect(error?.kind == .syncFailed)
    #expect(error?.errno == EIO)
    #expect(error?.description == "recording to \(file.path) stopped at seq 2: fsync failed: Input/output error")
    // Seq 2 was written but never acknowledged, and the failed fsync was not retried.
    #expect(recorder.durableSeq == 1)
    #expect(fsync.calls.load(ordering: .relaxed) == 3)
    durable.continuation.finish()
    #expect(await durable.wait(for: .max).isEmpty)

    try expectStoreRunsOnAndLogReplays(
      store, cause: "fsync failed: Input/output error", file: file, lastSeq: 2, total: 3)
    #expect(fsync.calls.load(ordering: .relaxed) == 3)
  }

  @Test func aFailingFsyncOfTheHeaderFailsInitNamingThePath() throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    var options = RecorderOptions(fsync: .batched)
    options.fsyncForTesting = FailingFsync(after: 0).hook
    let error = #expect(throws: RecorderError.self) {
      try Recorder<Probe.State, Probe.Action>(file: file, feature: "probe", initialState: .init(), options: options)
    }
    #expect(error?.kind == .syncFailed)
    #expect(error?.description == "cannot record to \(file.path): fsync failed: Input/output error")
  }

  @Test func neverCallsFsync() async throws {
    let folder = TemporaryFolder()
    let fsync = FailingFsync(after: 0)
    var options = RecorderOptions(fsync: .never)
    options.fsyncForTesting = fsync.hook
    _ = try await recordProbe([.add(1), .add(2)], to: folder.file(), options: options)
    #expect(fsync.calls.load(ordering: .relaxed) == 0)
  }

  @Test func anActionThatCannotBeEncodedStopsRecordingAfterTheLinesBeforeIt() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let (recorder, store) = try start(file)
    store.send(.add(1))
    store.send(.scale(.nan))
    let error = await stoppedError(recorder)
    #expect(error?.kind == .encodingFailed)
    #expect(error?.seq == 2)
    #expect(error?.description.contains("the action at seq 2 cannot be encoded") == true)
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 1)
    #expect(result.state.total == 1)
  }
}
