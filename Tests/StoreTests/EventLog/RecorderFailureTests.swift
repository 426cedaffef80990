import Foundation
import Testing

@_spi(Testing) @testable import Store

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

    withKnownIssue {
      store.send(.add(4))
    } matching: { issue in
      issue.description.contains("was detached") && issue.description.contains("No space left on device")
    }
    store.send(.add(5))
    #expect(store.state.total == 15)

    // What was written before is intact and replays.
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.lastSeq == 2)
    #expect(result.state.total == 3)
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
