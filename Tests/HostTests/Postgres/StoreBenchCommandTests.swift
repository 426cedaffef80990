import Foundation
import Testing

/// `refold bench --workload W11 --workload W12 --store postgres://…`: the shared log store's
/// throughput rows, from a real run against a real PostgreSQL (in the test build, so only the
/// rows, their counts and what the run leaves behind are checked, never a speed).
/// Serialized: a test counts the scratch databases on the shared server before and after its
/// run, which another test's run would change under it.
@Suite(.serialized)
struct StoreBenchCommandTests {
  struct Row: Decodable {
    var workload: String
    var system: String
    var nsPerOp: Double?
    var logsPerSecond: Double?
  }

  @Test func storeRowsComeFromADatabaseOfTheirOwnThatIsDroppedAfter() async throws {
    let url = try await TestPostgres.database()
    let before = try await TestPostgres.sql(url, "SELECT datname FROM pg_database WHERE datname LIKE 'refold_bench_%' ORDER BY 1")
    let output = try await RefoldProcess.run(
      ["bench", "--quick", "--json", "--workload", "W11", "--workload", "W12", "--store", url, "--operations", "3"])
    #expect(output.status == 0, "\(output.stderr)")
    let rows = try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8))
    #expect(rows.map { "\($0.workload) \($0.system)" } == [
      "W11 refold", "W11 folder-store", "W12 refold", "W12 refold-1-worker", "W12 floor",
    ])
    for row in rows {
      let perLog = try #require(row.nsPerOp, "\(row.workload) \(row.system)")
      let rate = try #require(row.logsPerSecond, "\(row.workload) \(row.system)")
      // The two figures are one median said two ways.
      #expect(abs(rate - 1e9 / perLog) <= rate * 0.01, "\(row.workload) \(row.system): \(rate) logs/s, \(perLog) ns/log")
    }
    // The scratch databases are gone, and the named one was never written to.
    let after = try await TestPostgres.sql(url, "SELECT datname FROM pg_database WHERE datname LIKE 'refold_bench_%' ORDER BY 1")
    let left = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
    #expect(left.isEmpty, "left behind: \(left)")
    let tables = try await TestPostgres.sql(url, "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'refold_%'")
    #expect(tables.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func theTableSaysWhereTheTimeGoes() async throws {
    let url = try await TestPostgres.database()
    let output = try await RefoldProcess.run(["bench", "--quick", "--workload", "W12", "--store", url, "--operations", "2"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("W12 refold-1-worker: of each log's "), "\(output.stdout)")
    #expect(output.stdout.contains(" ms is the replay (floor) and "), "\(output.stdout)")
    #expect(output.stdout.contains("W12 shared check: 2 workers > 1 worker"), "\(output.stdout)")
  }

  @Test func theStoreWorkloadsNeedAPostgresServerSaidInOneLine() async throws {
    let unnamed = try await RefoldProcess.run(["bench", "--quick", "--workload", "W11"])
    #expect(unnamed.status == 64, "\(unnamed.stderr)")
    #expect(unnamed.stderrLines.count == 1, "\(unnamed.stderr)")
    #expect(unnamed.stderr.contains("W11 measures a PostgreSQL log store: name a server with --store postgres://"), "\(unnamed.stderr)")

    let folder = try TemporaryDirectory()
    let notPostgres = try await RefoldProcess.run(["bench", "--quick", "--workload", "W12", "--store", folder.url.path])
    #expect(notPostgres.status == 64, "\(notPostgres.stderr)")
    #expect(notPostgres.stderr.contains("W12 needs a postgres:// URL"), "\(notPostgres.stderr)")

    // Port 1 on loopback: nothing listens there.
    let refused = try await RefoldProcess.run(
      ["bench", "--quick", "--workload", "W11", "--store", "postgres://refold@127.0.0.1:1/refold"])
    #expect(refused.status == 70, "\(refused.stderr)")
    #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("postgres://refold@127.0.0.1:1/refold: cannot connect: connection refused"), "\(refused.stderr)")
  }

  /// A user who may not create databases is told so, in one line, before anything is measured.
  @Test func aUserWithoutCreatedbIsToldWhatTheBenchNeeds() async throws {
    let url = try await TestPostgres.database()
    let role = "bench_" + UUID().uuidString.prefix(8).lowercased()
    _ = try await TestPostgres.sql(url, "CREATE ROLE \(role) LOGIN NOCREATEDB")
    let limited = try #require(URLComponents(string: url).map { components -> String in
      var components = components
      components.user = role
      return components.string ?? url
    })
    let output = try await RefoldProcess.run(["bench", "--quick", "--workload", "W11", "--store", limited])
    #expect(output.status == 70, "\(output.stderr)")
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    #expect(output.stderr.contains("cannot make a scratch database (the user needs CREATEDB): permission denied"), "\(output.stderr)")
  }

  @Test func aRunOfEveryWorkloadWithoutAServerSaysWhatItLeftOut() async throws {
    // Every workload but the two store ones, narrowed to the one cheap system that W1, W2, W3
    // and W6 have, so that the test is quick: the table's last line names what was not run.
    let output = try await RefoldProcess.run(["bench", "--quick", "--system", "naive", "--operations", "10"])
    #expect(output.status == 0, "\(output.stderr)")
    let storeRows = output.stdout.split(separator: "\n").filter { line in
      let words = line.split(separator: " ")
      return words.count > 1 && ["W11", "W12"].contains(words[0]) && ["refold", "folder-store", "refold-1-worker", "floor"].contains(words[1])
    }
    #expect(storeRows.isEmpty, "\(output.stdout)")
    #expect(output.stdout.contains("\nW1 "), "the other workloads ran: \(output.stdout)")
    #expect(
      output.stdout.contains("W11 and W12 (the shared log store) not run: they need a PostgreSQL server, --store postgres://…."),
      "\(output.stdout)")
  }
}
