import Foundation
import Reducers
import Store
import Testing

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
}
