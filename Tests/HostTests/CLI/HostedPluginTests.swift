import Foundation
import InternalTestSupport
import Testing

/// The plugins `refold` hosts from its flags: what they print, and what happens when one fails.
struct HostedPluginTests {
  static let actions = [#"{"textChanged":{"_0":"1"}}"#, #"{"textChanged":{"_0":"12a"}}"#, #"{"textChanged":{"_0":"1234"}}"#]
    .joined(separator: "\n") + "\n"

  /// --metrics: a counter per action case and a timer for the reduce, summed up on stderr.
  @Test func metricsCountEachActionCaseAndTimeTheReduce() async throws {
    let output = try await RefoldProcess.run(["run", "amountInput", "--metrics"], stdin: Self.actions)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == #"{"text":"1234","output":"1,234₩"}"# + "\n")
    #expect(output.stderrLines.contains("metrics: refold_actions_total{feature=amountInput,action=textChanged} 3"), "\(output.stderr)")
    #expect(output.stderrLines.contains { $0.hasPrefix("metrics: refold_reduce_seconds{feature=amountInput} count=3 ") }, "\(output.stderr)")
  }

  /// --log-level debug: one line per action, with its seq; nothing at the default level.
  @Test func debugLoggingWritesOneLinePerAction() async throws {
    let quiet = try await RefoldProcess.run(["run", "amountInput"], stdin: Self.actions)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    let output = try await RefoldProcess.run(["run", "amountInput", "--log-level", "debug"], stdin: Self.actions)
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stderrLines.filter { $0.contains("feature=amountInput") }
    #expect(lines.count == 3, "\(output.stderr)")
    for (index, line) in lines.enumerated() {
      #expect(line.contains("seq=\(index + 1)") && line.contains("textChanged"), "\(line)")
    }
  }

  /// --record-sites: each event of the log says where it came from, its action line or the
  /// effect that sent it; `inspect` counts them. It needs --record.
  @Test(.enabled(if: BuildConfiguration.isDebug, "a release build refuses --record-sites (the test below)"))
  func recordSitesNamesEachEventsActionLineOrEffect() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("sites.log").path
    let actions = try directory.file("actions.jsonl", "# the list\n" + #"{"onAppear":{}}"# + "\n")
    let output = try await RefoldProcess.run(
      ["run", "userList", "--actions", actions, "--record", log, "--record-sites", "--wait-each"])
    #expect(output.status == 0, "\(output.stderr)")
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    let escaped = actions.replacingOccurrences(of: "/", with: #"\/"#)
    #expect(lines[1].contains(#""origin":"send","from":{"file":"\#(escaped)","line":2},"action":{"onAppear":{}}"#), "\(lines[1])")
    #expect(lines[2].contains(#""origin":"effect","from":{"file":"Reducers\/"#), "\(lines[2])")
    #expect(lines[2].contains(#","effectOf":1},"action":{"usersResponse":"#), "\(lines[2])")
    let inspected = try await RefoldProcess.run(["inspect", log])
    #expect(inspected.stdout.contains("sites        2 of 2 events say where they were sent from"), "\(inspected.stdout)")

    let alone = try await RefoldProcess.run(["run", "userList", "--record-sites"], stdin: "")
    #expect(alone.status == 64)
    #expect(alone.stderr == "refold: --record-sites needs --record: the sites are written into the log\n", "\(alone.stderr)")
  }

  /// A release build of refold records no site, and says so rather than write a log without
  /// the sites asked for.
  @Test(.disabled(if: BuildConfiguration.isDebug, "a debug build records sites (the test above)"))
  func aReleaseBuildRefusesRecordSites() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("sites.log").path
    let output = try await RefoldProcess.run(["run", "userList", "--record", log, "--record-sites"], stdin: "")
    #expect(output.status == 64, "\(output.stderr)")
    #expect(
      output.stderr == "refold: --record-sites works in a debug build of refold only; this one is built for release\n",
      "\(output.stderr)")
    #expect(!FileManager.default.fileExists(atPath: log), "a refused run recorded a log")
  }

  /// A hosted plugin that fails is detached and reported once, and the run goes on: here the
  /// recorder, stopped by a file-size limit (the kernel's EFBIG, as a full disk's ENOSPC).
  @Test(.enabled(if: Sanitizer.fileSizeLimitsWork, "ThreadSanitizer cannot start under a file-size limit"))
  func aRecorderThatStopsIsReportedInOneLineAndTheRunGoesOn() async throws {
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
    #expect(recorded.stderr.contains("File too large ("), "\(recorded.stderr)")
    #expect(recorded.stderr.contains("the last perhaps cut short); the run goes on without recording"), "\(recorded.stderr)")
    // The run went on to the end: the same final state as without the recorder.
    #expect(!unrecorded.stdout.isEmpty)
    #expect(recorded.stdout == unrecorded.stdout)
    // What was written before the limit stays a readable log.
    let inspected = try await RefoldProcess.run(["inspect", log.path])
    #expect(inspected.status == 0, "\(inspected.stderr)")
  }
}
