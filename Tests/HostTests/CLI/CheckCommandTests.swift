import BuiltinFeatures
import EventLog
import Foundation
import Reducers
import Store
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import Host
import LogStorage

/// `refold check`: a corpus of logs replayed against this build, every outcome reported, none
/// stopping the others.
@Suite(.serialized)
struct CheckCommandTests {
  /// AmountInput as an older (or newer) build behaved: it formats nothing.
  struct PlainAmountInput: Reducer {
    func reduce(into state: inout AmountInput.State, action: AmountInput.Action) -> Effect<AmountInput.Action> {
      guard case .textChanged(let text) = action else { return .none }
      state.text = text
      state.output = text ?? ""
      return .none
    }
  }

  private static let texts = ["1", "12", "123", "1234"]

  /// A log of `feature` recorded through `reducer`, checkpointed every two events.
  @MainActor
  static func record<R: Reducer>(
    _ reducer: R, to path: String, feature: String = "amountInput", texts: [String] = texts
  ) async throws where R.State == AmountInput.State, R.Action == AmountInput.Action {
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: URL(fileURLWithPath: path), feature: feature, initialState: AmountInput.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 100))
    let store = Store(initialState: AmountInput.State(), reducer: reducer, plugins: [recorder])
    for text in texts { await store.send(.textChanged(text)).finish() }
    try await recorder.close()
  }

  /// A folder of every kind of log, and stray files that are not logs.
  private static func corpus() async throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let folder = directory.url.appendingPathComponent("reports/nested")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try await record(AmountInput(), to: directory.url.appendingPathComponent("reports/good.log").path)
    try await record(AmountInput(), to: folder.appendingPathComponent("also-good.log").path)
    try await record(PlainAmountInput(), to: folder.appendingPathComponent("drifted.log").path)
    try await record(AmountInput(), to: directory.url.appendingPathComponent("reports/calculator.log").path, feature: "calculator")
    // A damaged log: a byte of its third line changed.
    let damaged = directory.url.appendingPathComponent("reports/damaged.log")
    try await record(AmountInput(), to: damaged.path)
    var lines = try String(contentsOf: damaged, encoding: .utf8).components(separatedBy: "\n")
    lines[2] = lines[2].replacingOccurrences(of: "12", with: "13")
    try lines.joined(separator: "\n").write(to: damaged, atomically: true, encoding: .utf8)
    _ = try directory.file("reports/notes.txt", "not a log, and not named like one")
    return directory
  }

  @Test func everyKindOfLogGetsItsOutcome() async throws {
    let directory = try await Self.corpus()
    let reports = directory.url.appendingPathComponent("reports").path
    let corpus = LogCorpus(paths: [reports])
    #expect(corpus.paths.map { URL(fileURLWithPath: $0).lastPathComponent } == [
      "calculator.log", "damaged.log", "good.log", "also-good.log", "drifted.log",
    ])
    let registry = FeatureRegistry([AmountInput.self])
    let outcomes = await CorpusCheck(jobs: 2).run(corpus, features: registry)
    let byName = Dictionary(uniqueKeysWithValues: outcomes.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })

    #expect(byName["good.log"]?.status == .verified)
    #expect(byName["good.log"]?.events == 4)
    #expect(byName["good.log"]?.checkpoints == 2, "at seq 2 and 4 (the closing one is the one at 4)")
    #expect(byName["also-good.log"]?.status == .verified)

    let drifted = try #require(byName["drifted.log"])
    #expect(drifted.status == .diverged)
    #expect(drifted.seq == 2, "the first checkpoint after the first formatted amount")
    #expect(drifted.action == #"{"textChanged":{"_0":"12"}}"#)
    #expect(drifted.message?.contains("state diverged at or before seq 2") == true, "\(drifted.message ?? "")")
    #expect(drifted.fields == ["output"])
    #expect(drifted.detail?.contains(#"-   output: "12""#) == true, "\(drifted.detail ?? "")")
    #expect(drifted.detail?.contains(#"+   output: "12₩""#) == true)

    #expect(byName["damaged.log"]?.status == .unreadable)
    #expect(byName["damaged.log"]?.message?.contains("damaged.log:3") == true, "\(byName["damaged.log"]?.message ?? "")")
    #expect(byName["calculator.log"]?.status == .skipped)
    #expect(byName["calculator.log"]?.message == "feature 'calculator' is not hosted by this tool")

    // One job or two: the same outcomes, in the corpus's order.
    let sequential = await CorpusCheck(jobs: 1).run(corpus, features: registry)
    #expect(sequential.map(\.path) == outcomes.map(\.path))
    #expect(sequential.map(\.status) == outcomes.map(\.status))
  }

  @Test func theCommandPrintsTheProblemsAndTheTableAndExitsByTheWorst() async throws {
    let directory = try await Self.corpus()
    let reports = directory.url.appendingPathComponent("reports").path
    let junit = directory.url.appendingPathComponent("check.xml").path

    let all = try await RefoldProcess.run(["check", reports, "--junit", junit, "--jobs", "2"])
    #expect(all.status == 2, "an unreadable log is the worst: \(all.stderr)")
    #expect(all.stdout.contains("diverged    \(reports)/nested/drifted.log:"), "\(all.stdout)")
    #expect(all.stdout.contains("            fields that differ: output\n            recorded (−) vs replayed (+):"), "\(all.stdout)")
    #expect(all.stdout.contains(#"              seq 2: {"textChanged":{"_0":"12"}}"#), "\(all.stdout)")
    #expect(all.stdout.contains("unreadable  \(reports)/damaged.log:3"), "\(all.stdout)")
    #expect(all.stdout.contains("skipped     \(reports)/calculator.log: feature 'calculator' is not hosted by this tool"))
    #expect(all.stdout.contains("5 logs, "), "\(all.stdout)")
    for row in ["verified    2", "diverged    1", "unreadable  1", "skipped     1"] {
      #expect(all.stdout.contains("\n  \(row)"), "\(row) in \(all.stdout)")
    }

    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="refold check" tests="5" failures="1" errors="1" skipped="1""#), "\(xml)")
    #expect(xml.contains(#"<testcase classname="amountInput" name="\#(reports)/nested/drifted.log""#))
    #expect(xml.contains(#"<failure message=""#))
    let parsed = try XMLDocument(data: Data(xml.utf8))
    #expect(try parsed.nodes(forXPath: "//testcase").count == 5)

    // Without the damaged log the worst is the divergence: 1; the good ones alone: 0.
    let diverged = try await RefoldProcess.run(["check", "\(reports)/nested", "\(reports)/calculator.log", "--json"])
    #expect(diverged.status == 1, "\(diverged.stderr)")
    let document = try JSONSerialization.jsonObject(with: Data(diverged.stdout.utf8)) as? [String: Any]
    let summary = try #require(document?["summary"] as? [String: Any])
    #expect(summary["logs"] as? Int == 3)
    #expect(summary["diverged"] as? Int == 1)
    #expect(summary["skipped"] as? Int == 1)
    let logs = try #require(document?["logs"] as? [[String: Any]])
    #expect(logs.map { $0["status"] as? String } == ["verified", "diverged", "skipped"])

    let good = try await RefoldProcess.run(["check", "\(reports)/good.log", "\(reports)/nested/also-good.log"])
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    #expect(good.stdout.hasPrefix("2 logs, 8 events, checked in "), "\(good.stdout)")
  }

  @Test func aFolderWithNoLogsIsOneLineAndExit2() async throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("readme.txt", "no logs here")
    let output = try await RefoldProcess.run(["check", directory.url.path])
    #expect(output.status == 2)
    #expect(output.stderr == "refold: no *.log file under \(directory.url.path)\n", "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test func aMissingPathIsReportedWithTheOthersChecked() async throws {
    let directory = try await Self.corpus()
    let good = directory.url.appendingPathComponent("reports/good.log").path
    let output = try await RefoldProcess.run(["check", "/nonexistent/a.log", good])
    #expect(output.status == 2)
    #expect(output.stdout.contains("unreadable  /nonexistent/a.log"), "\(output.stdout)")
    #expect(output.stdout.contains("\n  verified    1"), "\(output.stdout)")
  }
}
