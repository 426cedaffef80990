import Foundation
import Testing

/// A hosted plugin that fails is detached and reported once, and the run goes on: here the
/// recorder, stopped by a file-size limit (the kernel's EFBIG, as a full disk's ENOSPC).
struct PluginFailureTests {
  @Test func aRecorderThatStopsIsReportedInOneLineAndTheRunGoesOn() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("full.log")
    let actions = (1...5_000).map { #"{"textChanged":{"_0":"\#($0 % 2_000)"}}"# }.joined(separator: "\n") + "\n"

    let unrecorded = try await RefoldProcess.run(["run", "amountInput"], stdin: actions)
    #expect(unrecorded.status == 0, "\(unrecorded.stderr)")
    let recorded = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log.path, "--fsync", "always"], stdin: actions, fileSizeLimit: 8)

    #expect(recorded.status == 70, "exit status; stderr: \(recorded.stderr)")
    #expect(recorded.stderrLines.count == 1, "one line for one failure: \(recorded.stderr)")
    #expect(recorded.stderr.hasPrefix("refold: recording to \(log.path) stopped at seq "), "\(recorded.stderr)")
    #expect(recorded.stderr.contains("File too large; the run goes on without recording"), "\(recorded.stderr)")
    // The run went on to the end: the same final state as without the recorder.
    #expect(!unrecorded.stdout.isEmpty)
    #expect(recorded.stdout == unrecorded.stdout)
    // What was written before the limit stays a readable log.
    let inspected = try await RefoldProcess.run(["inspect", log.path])
    #expect(inspected.status == 0, "\(inspected.stderr)")
  }
}
