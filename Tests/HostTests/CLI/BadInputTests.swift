import Foundation
import Reducers
import Store
import Testing

/// Every bad input gets one clear line on stderr and the documented exit code: 2 for an
/// unreadable or corrupt input, 64 for a usage error. Never a crash or a backtrace.
@Suite(.serialized)
struct BadInputTests {
  private func expectOneLineError(_ output: RefoldProcess.Output, status: Int32, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(output.status == status, "exit status; stderr: \(output.stderr)", sourceLocation: sourceLocation)
    #expect(output.stderrLines.count == 1, "stderr should be one line: \(output.stderr)", sourceLocation: sourceLocation)
    for word in words {
      #expect(output.stderr.contains(word), "stderr should mention \(word): \(output.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!output.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
  }

  @Test func aMissingFileIsNamed() async throws {
    let output = try await RefoldProcess.run(["replay", "/nonexistent/session.log"])
    expectOneLineError(output, status: 2, mentioning: ["/nonexistent/session.log", "No such file"])
  }

  @Test func aDirectoryIsRejected() async throws {
    let directory = try TemporaryDirectory()
    let output = try await RefoldProcess.run(["inspect", directory.url.path])
    expectOneLineError(output, status: 2, mentioning: [directory.url.path, "directory"])
  }

  @Test func anEmptyFileIsNotALog() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("empty.log", "")
    let output = try await RefoldProcess.run(["replay", path])
    expectOneLineError(output, status: 2, mentioning: ["empty.log", "empty"])
  }

  @Test func randomBytesAreNotALog() async throws {
    let directory = try TemporaryDirectory()
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let path = try directory.file("noise.log", contents: Data(bytes))
    let output = try await RefoldProcess.run(["replay", path])
    expectOneLineError(output, status: 2, mentioning: ["noise.log:1"])
  }

  @Test func aJSONFileThatIsNotALogIsRejected() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("data.json", #"{"name":"not a log","items":[1,2,3]}"# + "\n")
    let output = try await RefoldProcess.run(["inspect", path])
    expectOneLineError(output, status: 2, mentioning: ["data.json:1"])
  }

  @Test func anUnknownFeatureListsTheKnownOnes() async throws {
    let output = try await RefoldProcess.run(["run", "calculator"], stdin: "")
    expectOneLineError(output, status: 64, mentioning: ["calculator", "amountInput", "musicSearch", "playerCard"])
  }

  @Test func anActionLineThatDoesNotDecodeNamesItsLineAndCase() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("actions.jsonl", """
      {"textChanged":{"_0":"12"}}

      {"textChange":{"_0":"34"}}
      """)
    let output = try await RefoldProcess.run(["run", "amountInput", "--actions", path])
    expectOneLineError(output, status: 2, mentioning: ["actions.jsonl:3", "textChange"])
    #expect(output.stdout.isEmpty)
  }

  @Test func untilPastTheEndNamesTheLastSeq() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("amount.log").path
    let recorded = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log],
      stdin: #"{"textChanged":{"_0":"1"}}"# + "\n" + #"{"textChanged":{"_0":"12"}}"# + "\n"
    )
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let output = try await RefoldProcess.run(["replay", log, "--until", "99"])
    expectOneLineError(output, status: 2, mentioning: ["99", "last seq is 2"])
  }

  @Test func aLogRecordedWithAnotherSchemaIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("old.log")
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: log, feature: "amountInput", initialState: AmountInput.State(),
      options: RecorderOptions(schemaVersion: 7))
    try await recorder.close()
    let output = try await RefoldProcess.run(["replay", log.path])
    expectOneLineError(output, status: 2, mentioning: ["old.log:1", "schema 7", "schema 1"])
  }

  @Test func aUsageErrorExits64() async throws {
    let output = try await RefoldProcess.run(["replay"])
    expectOneLineError(output, status: 64, mentioning: ["refold --help"])
  }
}
