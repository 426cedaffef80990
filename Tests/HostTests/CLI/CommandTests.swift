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

  @Test(arguments: ["demo", "features", "run", "replay", "inspect", "diff"])
  func everyCommandHasHelpWithAnExample(command: String) async throws {
    let output = try await RefoldProcess.run([command, "--help"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("refold \(command)") || output.stdout.contains("Examples"), "\(output.stdout)")
  }
}
