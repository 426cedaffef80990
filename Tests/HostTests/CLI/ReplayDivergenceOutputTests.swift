import Foundation
import Testing

@testable import EventLog

/// `refold replay` on a log that no longer replays: one diagnostic line naming the seq, then
/// the fields, the diff and the actions, indented under it, rather than joined into one line.
struct ReplayDivergenceOutputTests {
  @Test func aDivergencesDiffFollowsItsLineIndented() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("amount.log")
    let recorded = try await RefoldProcess.run(
      ["run", "amountInput", "--record", log.path], stdin: #"{"textChanged":{"_0":"1234"}}"# + "\n")
    #expect(recorded.status == 0, "\(recorded.stderr)")
    // The event now says 1235, sealed again, but the final checkpoint still holds the state 1234 gave.
    var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    var event = Array(lines[1].replacingOccurrences(of: "1234", with: "1235").utf8.dropLast(LogLine.suffixLength))
    LogLine.seal(&event, payloadStart: 0)
    lines[1] = String(decoding: event.dropLast(), as: UTF8.self)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log)

    let replay = try await RefoldProcess.run(["replay", log.path])
    #expect(replay.status == 1)
    #expect(
      replay.stderr == """
        refold: \(log.path):3: state diverged at or before seq 1; no checkpoint before it was reached (the replay started from the initial state)
          fields that differ: output, text
          recorded (−) vs replayed (+):
            AmountInput.State(
          -   text: "1234",
          +   text: "1235",
          -   output: "1,234₩"
          +   output: "1,235₩"
            )
          the action since seq 0:
            seq 1: {"textChanged":{"_0":"1235"}}

        """)
  }
}
