import Foundation
import Reducers
import Testing

@testable import Host
@testable import LogStorage
@testable import LogStorePostgres

/// `refold check --store postgres://… --run NAME`: worker processes share one run over the
/// stored logs, each log checked once in its result, a killed worker's log taken again.
@Suite(.serialized)
struct PostgresCheckTests {
  /// A store of `good` logs that replay to their checkpoints and `drifted` ones recorded by a
  /// build that formatted nothing, which diverge: their ids.
  static func store(good: Int, drifted: Int) async throws -> (url: String, good: Set<String>, drifted: Set<String>) {
    let url = try await TestPostgres.database()
    let store = try await LogStores.open(url, kinds: [.postgres])
    let directory = try TemporaryDirectory()
    var ids: (good: Set<String>, drifted: Set<String>) = ([], [])
    for number in 0..<(good + drifted) {
      let path = directory.url.appendingPathComponent("\(number).log").path
      let texts = ["\(number + 1)", "\(number + 1)2", "\(number + 1)23"]
      if number < good {
        try await CheckCommandTests.record(AmountInput(), to: path, texts: texts)
      } else {
        try await CheckCommandTests.record(CheckCommandTests.PlainAmountInput(), to: path, texts: texts)
      }
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let file = try store.spool(bytes)
      let (log, _) = try await store.put(file, try CheckedLog.check(file, bytes: bytes), app: "ios", appVersion: nil, device: nil)
      if number < good { ids.good.insert(log.id) } else { ids.drifted.insert(log.id) }
    }
    return (url, ids.good, ids.drifted)
  }

  @Test func threeWorkersCheckEachLogOnceThoughOneIsKilledPartWay() async throws {
    let (url, good, drifted) = try await Self.store(good: 9, drifted: 3)
    let run = ["check", "--store", url, "--run", "build-1", "--lease", "2"]

    // The first worker leases a log and is killed holding it, as a machine that dies would.
    let held = try await offThePool { () throws -> String in
      let child = try StartedChild(RefoldProcess.executable, run + ["--jobs", "1"], stdin: nil, environment: ["REFOLD_TEST_HOLD_LEASE": "1"])
      var line = Data()
      while let byte = try child.stdout?.read(upToCount: 1), !byte.isEmpty, byte.first != 0x0A { line += byte }
      kill(child.process.processIdentifier, SIGKILL)
      let (status, stderr) = child.wait()
      let text = String(decoding: line, as: UTF8.self)
      guard text.hasPrefix("holding log "), child.process.terminationReason == .uncaughtSignal else {
        throw RawHTTPClient.Failure(description: "the held worker printed '\(text)', ended \(status): \(String(decoding: stderr, as: UTF8.self))")
      }
      return String(text.dropFirst("holding log ".count).prefix(64))
    }
    #expect(good.contains(held) || drifted.contains(held))

    // Two more join the run; once its lease has run out, one of them takes the dead worker's log.
    let directory = try TemporaryDirectory()
    let junit = directory.url.appendingPathComponent("check.xml").path
    async let first = RefoldProcess.run(run + ["--jobs", "2", "--junit", junit])
    async let second = RefoldProcess.run(run + ["--jobs", "2"])
    let workers = try await [first, second]
    for worker in workers {
      #expect(worker.status == 1, "a log diverged: \(worker.stderr)")
      // A diverged log counts no events: the replay stopped before its end.
      #expect(worker.stdout.contains("12 logs, 27 events"), "\(worker.stdout)")
      #expect(worker.stdout.contains("  verified    9\n") && worker.stdout.contains("  diverged    3"), "\(worker.stdout)")
      for id in drifted { #expect(worker.stdout.contains("diverged    \(id):4: state diverged"), "\(worker.stdout)") }
    }
    let checkedBy = workers.map { worker in
      worker.stderrLines.compactMap { line -> Int? in
        guard let range = line.range(of: " checked by this worker") else { return nil }
        return Int(line[..<range.lowerBound].split(separator: " ").last ?? "")
      }.first ?? -1
    }
    #expect(checkedBy.reduce(0, +) == 12, "every log checked by one of the two live workers: \(workers.map(\.stderr))")
    #expect(try await TestPostgres.sql(url, "SELECT count(*) FROM refold_check_items WHERE run = 'build-1' AND done") == "12\n")
    #expect(try await TestPostgres.sql(url, "SELECT attempts FROM refold_check_items WHERE log_id = '\(held)'") == "2\n")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"tests="12" failures="3" errors="0""#), "\(xml)")

    // A worker that joins a finished run prints its result at once.
    let late = try await RefoldProcess.run(run)
    #expect(late.status == 1 && late.stdout.contains("12 logs, 27 events"), "\(late.stdout)\n\(late.stderr)")
    #expect(late.stderr.contains("0 checked by this worker"), "\(late.stderr)")

    // Another build's run, compared with this one: nothing changed; then, as if build-1 had
    // passed one of the drifted logs, that log is named as a regression.
    let same = try await RefoldProcess.run(["check", "--store", url, "--run", "build-2", "--compare-to", "build-1"])
    #expect(same.stdout.hasSuffix("no log changed its outcome between build-1 and build-2\n"), "\(same.stdout)")
    let regressed = drifted.sorted()[0]
    _ = try await TestPostgres.sql(
      url,
      "UPDATE refold_check_items SET outcome = replace(outcome, '\"status\":\"diverged\"', '\"status\":\"verified\"') WHERE run = 'build-1' AND log_id = '\(regressed)'"
    )
    let compared = try await RefoldProcess.run(["check", "--store", url, "--run", "build-3", "--compare-to", "build-1"])
    #expect(compared.stdout.hasSuffix("1 log that passed on build-1 diverges on build-3:\n  \(regressed)\n"), "\(compared.stdout)")
  }

  @Test func aRunIsJoinedOnlyWithItsOwnFilterAndNeedsAName() async throws {
    let (url, _, _) = try await Self.store(good: 2, drifted: 0)
    let started = try await RefoldProcess.run(["check", "--store", url, "--run", "signin", "--where", "feature=amountInput"])
    #expect(started.status == 0 && started.stdout.contains("2 logs"), "\(started.stderr)")
    let other = try await RefoldProcess.run(["check", "--store", url, "--run", "signin", "--where", "app=ios"])
    #expect(other.status == 64)
    #expect(
      other.stderr == "refold: check run signin was started over feature=amountInput; this worker asks for app=ios. Join it with the same --where and --since, or name a new run\n",
      "\(other.stderr)")
    let unnamed = try await RefoldProcess.run(["check", "--store", url])
    #expect(unnamed.status == 64 && unnamed.stderr.contains("name the run they join with --run NAME"), "\(unnamed.stderr)")
    let empty = try await RefoldProcess.run(["check", "--store", url, "--run", "none", "--where", "app=android"])
    #expect(empty.status == 2 && empty.stderr.contains("holds no log: none passes app=android"), "\(empty.stderr)")
    let both = try await RefoldProcess.run(["check", "some.log", "--store", url, "--run", "x"])
    #expect(both.status == 64, "\(both.stderr)")
  }
}
