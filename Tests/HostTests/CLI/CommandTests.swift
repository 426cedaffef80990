import Foundation
import Testing

@Suite(.serialized)
struct CommandTests {
  @Test func runPrintsTheFinalStateInItsCodableShape() async throws {
    let output = try await RefoldProcess.run(["run", "amountInput"], stdin: #"{"textChanged":{"_0":"1234"}}"# + "\n")
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == #"{"text":"1234","output":"1,234₩"}"# + "\n")
  }

  @Test func featuresListsAllEightWithExamplesThatRunAsPrinted() async throws {
    let output = try await RefoldProcess.run(["features", "--json"])
    #expect(output.status == 0, "\(output.stderr)")
    struct Row: Decodable { var name: String; var examples: [String] }
    let rows = try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8))
    #expect(rows.map(\.name) == ["amountInput", "signIn", "musicSearch", "userList", "following", "greeting", "playerCard", "app"])
    for row in rows {
      #expect(!row.examples.isEmpty, "\(row.name) has no examples")
      let run = try await RefoldProcess.run(["run", row.name], stdin: row.examples.joined(separator: "\n") + "\n")
      #expect(run.status == 0, "\(row.name): \(run.stderr)")
      #expect(run.stdout.hasPrefix("{"), "\(row.name): \(run.stdout)")
    }
  }

  /// `following` draws the date a row is followed through `@Dependency(\.date)`: the log keeps
  /// it, so the replay reaches the live state, twice over, on a later day.
  @Test func aLiveDateIsRecordedAndReplaysTheSameTwice() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("following.log").path
    let lines = [#"{"followTapped":{"id":2}}"#, #"{"followTapped":{"id":4}}"#].joined(separator: "\n")
    let recorded = try await RefoldProcess.run(["run", "following", "--record", log], stdin: lines + "\n")
    #expect(recorded.status == 0, "\(recorded.stderr)")
    #expect(recorded.stdout.contains(#""followingSince":"#))
    let text = try String(contentsOfFile: log, encoding: .utf8)
    #expect(text.components(separatedBy: #""draws":[{"date":"#).count == 3, "\(text)")

    let replay = try await RefoldProcess.run(["replay", log, "--json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == recorded.stdout)

    let twice = try await RefoldProcess.run(["replay", log, "--determinism"])
    #expect(twice.status == 0, "\(twice.stderr)")
    #expect(twice.stdout.contains("each event folded twice with the same result"), "\(twice.stdout)")
  }

  @Test func recordedRunsReplayInspectAndDiff() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("amount.log").path
    let lines = ["1", "12a", "1234", "5000000"].map { #"{"textChanged":{"_0":"\#($0)"}}"# }.joined(separator: "\n")
    let recorded = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: lines + "\n")
    #expect(recorded.status == 0, "\(recorded.stderr)")

    let replay = try await RefoldProcess.run(["replay", log, "--json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains(#""output":"백만원 이하를 입력해주세요.""#))

    let atThree = try await RefoldProcess.run(["replay", log, "--until", "3", "--json"])
    #expect(atThree.stdout.contains(#""output":"1,234₩""#), "\(atThree.stdout)")

    let inspect = try await RefoldProcess.run(["inspect", log])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("amountInput"))
    #expect(inspect.stdout.contains("textChanged"))

    let diff = try await RefoldProcess.run(["diff", log, "--from", "1", "--to", "3"])
    #expect(diff.status == 0, "\(diff.stderr)")
    #expect(diff.stdout.contains("1,234₩"))
  }

  /// The demo's log is a log like any other: the commands its report suggests run on it.
  @Test func theDemosLogReplaysAndInspectAndDiffReadIt() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("demo.log").path
    let demo = try await RefoldProcess.run(["demo", "--record", log])
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stdout.contains("verified"))
    let suggested = demo.stdout.split(separator: "\n").compactMap { line -> [String]? in
      guard let start = line.range(of: "refold ") else { return nil }
      return line[start.upperBound...].split(separator: " ").map(String.init)
    }
    #expect(suggested.map(\.first) == ["inspect", "replay", "diff", "devtools"], "\(demo.stdout)")

    let replay = try await RefoldProcess.run(["replay", log])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.hasPrefix("app at seq "), "\(replay.stdout)")
    #expect(replay.stdout.contains("verified"))
    for command in suggested {
      if command.first == "devtools" {
        // It serves until stopped: ask it for the log, then stop it.
        let running = try await DevtoolsProcessTests.Running.start(Array(command.dropFirst()))
        let name = URL(fileURLWithPath: log).lastPathComponent
        #expect(try await running.api("/api/log/\(name)/summary")["feature"] as? String == "app")
        try await running.stop()
        continue
      }
      let output = try await RefoldProcess.run(command)
      #expect(output.status == 0, "\(command): \(output.stderr)")
      #expect(!output.stdout.isEmpty, "\(command)")
      #expect(output.stderr.isEmpty, "\(command): \(output.stderr)")
    }
  }

  /// Each help says what the command does and shows it used: an "Examples:" block whose every
  /// line is a whole command (a line the help's wrapping broke would not start with "  "), one of
  /// them of this command.
  @Test(arguments: ["", "demo", "features", "run", "replay", "inspect", "diff", "check", "test-gen", "migrate", "devtools", "bench"])
  func everyCommandHasHelpWithAnExample(command: String) async throws {
    let output = try await RefoldProcess.run(command.isEmpty ? ["--help"] : [command, "--help"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("OVERVIEW: "), "\(output.stdout)")
    let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "Examples:"), "no Examples: \(output.stdout)")
    let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
    #expect(!examples.isEmpty)
    for example in examples {
      #expect(example.hasPrefix("  ") && example.contains("refold "), "not a whole example: \(example)")
    }
    #expect(examples.contains { $0.contains("refold \(command)") }, "\(examples)")
  }
}
