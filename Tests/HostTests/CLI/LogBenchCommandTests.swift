import Foundation
import Testing

/// `refold bench --log FILE`: a feature measured on a log it recorded, from real runs of the
/// command (in the test build, so the shape, the counts and the errors are checked, never a speed).
@Suite(.serialized)
struct LogBenchCommandTests {
  struct Report: Decodable {
    struct ActionCase: Decodable {
      var name: String
      var events: Int
      var nsPerAction: Double
      var nsOverFloor: Double
      var allocationsPerAction: Double?
    }
    struct Bindings: Decodable {
      var count: Int
      var commits: Int
      var nsPerCommit: Double
      var storeNsPerCommit: Double
    }
    struct Replay: Decodable {
      var events: Int
      var checkpoints: Int
      var verifiedCheckpoints: Int
      var eventsPerSecond: Double
      var readingEventsPerSecond: Double
    }
    var feature: String
    var events: Int
    var passes: Int
    var floorNsPerAction: Double
    var cases: [ActionCase]
    var bindings: Bindings?
    var replay: Replay
  }

  /// Records `lines` with `run FEATURE --record` into a new folder's `session.log`.
  private func record(_ feature: String, _ lines: [String], in directory: TemporaryDirectory) async throws -> String {
    let log = directory.url.appendingPathComponent("session.log").path
    let run = try await RefoldProcess.run(["run", feature, "--record", log], stdin: lines.joined(separator: "\n") + "\n")
    #expect(run.status == 0, "\(run.stderr)")
    return log
  }

  /// The app's log of two nested cases, one of which draws a date (`following` records when a
  /// row is followed): every case is measured with its own count, the draws are handed back
  /// (a fold without them would stop at the first follow), and the replay verifies the log.
  @Test func everyActionCaseOfTheLogIsMeasuredWithItsCount() async throws {
    let directory = try TemporaryDirectory()
    let typing = (1...30).map { #"{"amountInput":{"_0":{"textChanged":{"_0":"\#($0 * 41)"}}}}"# }
    let follows = (1...6).map { #"{"following":{"_0":{"followTapped":{"id":\#($0 % 4 + 1)}}}}"# }
    let log = try await record("app", typing + follows, in: directory)
    #expect(try String(contentsOfFile: log, encoding: .utf8).contains(#""draws":[{"date":"#))

    let output = try await RefoldProcess.run(["bench", "--log", log, "--quick", "--json"])
    #expect(output.status == 0, "\(output.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8))
    #expect(report.feature == "app")
    #expect(report.events == 36)
    #expect(report.passes >= 1)
    let counts = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.name, $0.events) })
    #expect(counts == ["amountInput.textChanged": 30, "following.followTapped": 6])
    #expect(report.cases.map(\.nsPerAction) == report.cases.map(\.nsPerAction).sorted(by: >), "the slowest case first")
    for row in report.cases {
      #expect(row.nsPerAction > 0 && row.nsOverFloor >= 0, "\(row.name)")
      #expect(row.allocationsPerAction != nil, "\(row.name): this runtime counts allocations")
    }
    #expect(report.floorNsPerAction > 0)
    #expect(report.bindings == nil, "app registers no bindings")
    #expect(report.replay.events == 36)
    #expect(report.replay.checkpoints > 0 && report.replay.verifiedCheckpoints == report.replay.checkpoints)
    #expect(report.replay.eventsPerSecond > 0 && report.replay.readingEventsPerSecond > 0)
  }

  /// amountInput registers its screen's two bindings: the table gives their cost over the
  /// store's own, below the cases and their floor.
  @Test func theTableGivesTheBindingsOfAFeatureThatRegistersThem() async throws {
    let directory = try TemporaryDirectory()
    let log = try await record("amountInput", ["1", "12a", "1234", "5000000"].map { #"{"textChanged":{"_0":"\#($0)"}}"# }, in: directory)

    let output = try await RefoldProcess.run(["bench", "--log", log, "--quick"])
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stdoutLines
    #expect(lines.first?.hasPrefix("amountInput: 4 events in 1 action case, folded ") == true, "\(output.stdout)")
    #expect(lines.contains { $0.hasPrefix("textChanged ") && $0.contains(" 4 ") }, "\(output.stdout)")
    #expect(lines.contains { $0.hasPrefix("floor (a reducer that does nothing)") }, "\(output.stdout)")
    #expect(lines.contains { $0.hasPrefix("bindings: 2, ") && $0.contains("(4 of the log's states committed in turn)") }, "\(output.stdout)")
    #expect(lines.contains { $0.hasPrefix("replay of the file on one thread, 1 of 1 checkpoint verified: ") }, "\(output.stdout)")
  }

  /// A damaged line is named, as replay names it, and nothing is measured.
  @Test func aDamagedLogIsNamedWithItsLine() async throws {
    let directory = try TemporaryDirectory()
    let log = try await record("amountInput", [#"{"textChanged":{"_0":"1"}}"#, #"{"textChanged":{"_0":"12"}}"#], in: directory)
    var text = try String(contentsOfFile: log, encoding: .utf8)
    text = text.replacingOccurrences(of: #"{"_0":"12"}"#, with: #"{"_0":"13"}"#)
    try text.write(toFile: log, atomically: true, encoding: .utf8)

    let output = try await RefoldProcess.run(["bench", "--log", log, "--quick"])
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stdout.isEmpty)
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("refold: \(log):3 (seq 2): checksum mismatch"), "\(output.stderr)")
  }

  @Test func aMissingLogAndTheBuiltInWorkloadsOptionsAreUsageErrors() async throws {
    let missing = try await RefoldProcess.run(["bench", "--log", "/nonexistent/session.log"])
    #expect(missing.status == 2, "\(missing.stderr)")
    #expect(missing.stderr.hasPrefix("refold: /nonexistent/session.log: "), "\(missing.stderr)")

    let mixed = try await RefoldProcess.run(["bench", "--log", "x.log", "--workload", "W1"])
    #expect(mixed.status == 64, "\(mixed.stderr)")
    #expect(mixed.stderr.contains("--workload, --system, --operations and --store are for the built-in workloads"), "\(mixed.stderr)")
  }
}
