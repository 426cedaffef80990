import Demo
import EventLog
import Foundation
import Reducers
import Store
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What an adversarial run of `refold` broke: a stdout that fails, a pipe that closes, a crafted
/// log that writes escape sequences, CRLF action files, an empty `--record`.
@Suite(.serialized)
struct HardeningTests {
  static let actions = (1...200).map { #"{"textChanged":{"_0":"\#($0)"}}"# }.joined(separator: "\n") + "\n"

  /// The log a run recorded, replayed with the reducer: every event, verified to the end.
  func expectWholeLog(_ path: String, events: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try Replayer(reducer: AmountInput()).replay(file: URL(fileURLWithPath: path))
    #expect(result.eventCount == events, sourceLocation: sourceLocation)
    #expect(result.state.text == "\(events)", sourceLocation: sourceLocation)
    // The final checkpoint `close()` writes was reached and checked.
    #expect(result.verifiedCheckpoints >= 1, sourceLocation: sourceLocation)
  }

  @Test func aFullStdoutIsAnErrorAfterTheLogIsClosed() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("full.log").path
    let output = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log], stdin: Self.actions, stdout: .file("/dev/full"))
    #expect(output.status == 74, "\(output.stderr)")
    #expect(output.stderr == "refold: cannot write the output to stdout: No space left on device\n")
    try expectWholeLog(log, events: 200)
  }

  @Test func aStdoutWhoseReaderLeftEndsTheRunQuietlyWithTheLogClosed() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("pipe.log").path
    let output = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log], stdin: Self.actions, stdout: .closedPipe)
    #expect(output.status == 141, "\(output.stderr)")
    #expect(output.stderr.isEmpty, "\(output.stderr)")
    try expectWholeLog(log, events: 200)
  }

  @Test(arguments: [["features"], ["--help"], ["inspect"], ["replay"]])
  func everyCommandSurvivesAFullStdout(command: [String]) async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("a.log").path
    let recorded = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: Self.actions)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let arguments = command.count == 1 && ["inspect", "replay"].contains(command[0]) ? command + [log] : command
    let output = try await RefoldProcess.run(arguments, stdout: .file("/dev/full"))
    #expect(output.status == 74, "\(arguments): \(output.stderr)")
    #expect(!output.stderr.contains("Fatal error"), "\(output.stderr)")
  }

  @Test func crlfActionLinesAreLines() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("crlf.jsonl", #"{"textChanged":{"_0":"12"}}"# + "\r\n" + #"{"textChanged":{"_0":"1234"}}"# + "\r\n")
    let output = try await RefoldProcess.run(["run", "amountInput", "--actions", path])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == #"{"text":"1234","output":"1,234₩"}"# + "\n")
  }

  @Test func anEmptyRecordPathIsAUsageError() async throws {
    let output = try await RefoldProcess.run(["run", "amountInput", "--record", ""], stdin: Self.actions)
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr == "refold: --record needs a file name\n")
  }

  @Test func aRecordPathThatCannotBeCreatedIsTheHostsFailureAndLeavesNoFile() async throws {
    let output = try await RefoldProcess.run(["run", "amountInput", "--record", "/nonexistent/folder/x.log"], stdin: Self.actions)
    #expect(output.status == 70, "\(output.stderr)")
    #expect(output.stderr.contains("/nonexistent/folder/x.log"), "\(output.stderr)")
    #expect(output.stderrLines.count == 1)
  }

  /// A log whose feature name and timestamp carry escape sequences (a window title, a colour):
  /// `inspect` and `replay`'s "unknown feature" print them escaped, never raw.
  @Test @MainActor func textFromALogCannotReachTheTerminalRaw() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("crafted.log")
    let feature = "amount\u{1B}]0;pwned\u{07}Input\u{1B}[31m"
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: log, feature: feature, initialState: AmountInput.State())
    let store = Store(initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder])
    store.send(.textChanged("1"))
    try await recorder.close()

    let inspect = try await RefoldProcess.run(["inspect", log.path])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    let replay = try await RefoldProcess.run(["replay", log.path])
    #expect(replay.status == 2, "\(replay.stderr)")
    #expect(replay.stderr.contains(#"unknown feature 'amount\u{1b}]0;pwned\u{7}Input\u{1b}[31m'"#), "\(replay.stderr)")
    for output in [inspect.stdout, inspect.stderr, replay.stdout, replay.stderr] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output.debugDescription)")
    }
  }

  @Test func inspectSaysWhatItChecked() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("a.log").path
    _ = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: Self.actions)
    let inspect = try await RefoldProcess.run(["inspect", log])
    #expect(inspect.stdout.contains("every line's checksum matches (states and digests are not checked here"), "\(inspect.stdout)")
  }

  /// SIGTERM while an effect waits for a server that does not answer: the effect is cancelled,
  /// the log gets its final checkpoint, and the run exits 143 saying so.
  @Test func aSignalWhileAnEffectWaitsClosesTheLogAndExitsWithTheSignalsCode() async throws {
    let backend = try await DemoBackend.start()
    backend.setBehavior(.slow, for: "/users")
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("users.log").path
    let child = try StartedChild(
      RefoldProcess.executable,
      ["run", "userList", "--base-url", backend.baseURL.absoluteString, "--record", log],
      stdin: Data(#"{"onAppear":{}}"#.utf8 + [0x0A]))
    // The request reached the server: the action was sent and its effect waits.
    let arrived = await backend.waitUntil { $0.inFlight["/users", default: 0] == 1 }
    #expect(arrived)
    kill(child.process.processIdentifier, SIGTERM)
    let (status, stderrData) = try await offThePool {
      _ = child.stdout?.readDataToEndOfFile()
      return child.wait()
    }
    await backend.stop()
    let stderr = String(decoding: stderrData, as: UTF8.self)
    #expect(status == 143, "\(stderr)")
    #expect(stderr == "refold: stopped by SIGTERM after 1 actions; the log \(log) is closed\n", "\(stderr)")
    let result = try Replayer(reducer: UserList()).replay(file: URL(fileURLWithPath: log))
    #expect(result.eventCount == 1)
    #expect(result.verifiedCheckpoints == 1, "the final checkpoint close() writes")
  }

  /// A log whose snapshot at seq 1 lies: a false state with a digest of its own. A full replay
  /// catches it; a seek that starts from it must not call the state verified, `--from-start`
  /// catches it, and `diff` (which folds from the start) refuses it.
  @Test @MainActor func aSnapshotThatLiesIsNeverCalledVerified() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("lying.log")
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: log, feature: "amountInput", initialState: AmountInput.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 1, snapshotInterval: 1))
    let store = Store(initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder])
    for text in ["1", "12", "123"] { store.send(.textChanged(text)) }
    try await recorder.close()

    var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"checkpoint":1,"#) })
    var lie: [UInt8] = []
    let falseState = AmountInput.State(text: "999", output: "999₩")
    LogLineWriter.appendCheckpoint(seq: 1, canonicalState: try StateDigest.canonicalJSON(of: falseState), includeState: true, into: &lie)
    lines[index] = String(decoding: lie.dropLast(), as: UTF8.self)
    try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)

    let full = try await RefoldProcess.run(["replay", log.path])
    #expect(full.status == 1, "\(full.stdout) \(full.stderr)")

    let seek = try await RefoldProcess.run(["replay", log.path, "--until", "1"])
    #expect(seek.status == 0, "\(seek.stderr)")
    let report = try #require(seek.stdout.split(separator: "\n").first)
    #expect(report == "amountInput at seq 1 (from the snapshot at seq 1, taken as recorded (--from-start checks it): 0 events folded after it, no checkpoint on the way, so nothing was verified)")

    let checked = try await RefoldProcess.run(["replay", log.path, "--until", "1", "--from-start"])
    #expect(checked.status == 1, "\(checked.stdout) \(checked.stderr)")
    #expect(checked.stderr.contains("seq 1"), "\(checked.stderr)")

    let diff = try await RefoldProcess.run(["diff", log.path, "--from", "0", "--to", "1"])
    #expect(diff.status == 1, "\(diff.stdout) \(diff.stderr)")
    #expect(!diff.stdout.contains("999"), "\(diff.stdout)")
  }

  @Test func aSeekReportsTheEventsItFoldedNotThoseItSkipped() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("a.log").path
    // 200 events; a snapshot every 10 × 1,000 checkpoint interval is past them, so the seek
    // folds from the start: 150 events, 0 checkpoints on the way.
    _ = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: Self.actions)
    let seek = try await RefoldProcess.run(["replay", log, "--until", "150"])
    #expect(seek.stdout.hasPrefix("amountInput at seq 150 (150 events folded from the start, no checkpoint on the way, so nothing was verified)"), "\(seek.stdout)")
    let full = try await RefoldProcess.run(["replay", log])
    #expect(full.stdout.hasPrefix("amountInput at seq 200 (200 events folded from the start, 1 checkpoint verified)"), "\(full.stdout)")
  }

  @Test func anActionLineThatNamesAKeyTwiceIsRefused() async throws {
    let output = try await RefoldProcess.run(
      ["run", "amountInput"], stdin: #"{"textChanged":{"_0":"1","_0":"2"}}"# + "\n")
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderr == "refold: stdin:1: the key '_0' appears twice in textChanged; an action names each key once\n")
  }

  @Test func aDeviceIsNotAnActionsFile() async throws {
    let output = try await RefoldProcess.run(["run", "amountInput", "--actions", "/dev/zero"])
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderr == "refold: actions file /dev/zero: is a device, not a file\n")
  }

  /// SIGINT while the input still streams (stdin open, nothing sent yet): the log the run
  /// started is kept and closed, and the run exits 130. The log's creation in a watched folder
  /// says when the child is reading, so the signal is sent then, not after a guess.
  @Test func aSignalWhileTheInputStillStreamsKeepsTheLogAndClosesIt() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("streaming.log").path
    let watch = try FolderWatch(directory.url)
    let child = try StartedChild(
      RefoldProcess.executable, ["run", "amountInput", "--record", log], stdin: nil, keepStdinOpen: true)
    await watch.waitForEntry(named: "streaming.log")
    kill(child.process.processIdentifier, SIGINT)
    let (status, stderrData) = try await offThePool {
      _ = child.stdout?.readDataToEndOfFile()
      return child.wait()
    }
    try child.openStdin?.close()
    let stderr = String(decoding: stderrData, as: UTF8.self)
    #expect(status == 130, "\(stderr)")
    #expect(stderr == "refold: stopped by SIGINT after 0 actions; the log \(log) is closed\n", "\(stderr)")
    let result = try Replayer(reducer: AmountInput()).replay(file: URL(fileURLWithPath: log))
    #expect(result.eventCount == 0)
  }
}

/// Wakes when an entry appears in a folder, without polling: Linux's inotify, read on a
/// Dispatch thread (a blocking read of the watch, not a timer).
final class FolderWatch: @unchecked Sendable {
  // NB: @unchecked: `fd` is set once in init and closed in deinit.
  private let folder: URL
  private let fd: Int32

  init(_ folder: URL) throws {
    self.folder = folder
    fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0, inotify_add_watch(fd, folder.path, UInt32(IN_CREATE)) >= 0 else {
      throw CocoaError(.fileReadUnknown)
    }
  }

  deinit { close(fd) }

  /// Returns once `name` is in the folder (at once if it is already).
  func waitForEntry(named name: String) async {
    _ = await waitForEntry { $0 == name }
  }

  /// The names in a batch of inotify events (`struct inotify_event`: wd, mask, cookie, len,
  /// then `len` bytes of name padded with NULs).
  private static func names(in events: ArraySlice<UInt8>) -> [String] {
    var names: [String] = []
    var offset = events.startIndex
    while offset + 16 <= events.endIndex {
      let length = events[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
      let name = events[(offset + 16)..<min(events.endIndex, offset + 16 + length)].prefix { $0 != 0 }
      names.append(String(decoding: name, as: UTF8.self))
      offset += 16 + length
    }
    return names
  }

  /// Returns the first entry of the folder that `matches`, once there is one (or once one was
  /// made, though it may be gone again).
  func waitForEntry(where matches: (String) -> Bool) async -> String {
    let fd = fd
    while true {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if let found = names.first(where: matches) { return found }
      // One blocking read per batch of events in the folder; the loop looks again after it.
      // An entry made and removed before the folder is listed is found in the events.
      let created = (try? await offThePool { () -> [String] in
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count > 0 ? Self.names(in: buffer[0..<count]) : []
      }) ?? []
      if let found = created.first(where: matches) { return found }
    }
  }
}
