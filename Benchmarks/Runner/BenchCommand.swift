import Host
public import BenchWorkloads
public import ArgumentParser
import Foundation

public struct BenchCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure binding throughput: Refold against the seeds' Observable, OpenCombine and the floor.",
    discussion: """
      Runs the benchmark workloads in this process and prints ns per operation, Swift heap \
      allocations per operation and binding calls per operation, with ratios against the \
      baselines measured in the same run, and each performance target marked pass or FAIL.

        W1 counter: one action, one binding
        W2 fan-out: 1,000 bindings on distinct fields, one field changes per action
        W3 AmountInput keystrokes, one binding on output
        W4 W1 with the Recorder writing a log (fsync batched); refold-writer: the
           writer thread's rate over 10,000,000 actions
        W5 replay of a 1,000,000-event AmountInput log, verification on
        W6 effect round trips
        W7 the recorder's peak memory in a burst of large actions
        W8 one screen's action in a 1,000-screen navigation stack
        W9 refold check on a corpus, on all cores against one job
        W10 refold devtools opening W5's log: index, first page, last state
        W11 the log store's intake: logs posted to refold collect, into PostgreSQL (--store)
        W12 a shared check of stored logs: 2 worker processes against 1 (--store)

      W11 and W12 need a PostgreSQL server: --store postgres://USER@HOST:PORT/DATABASE. \
      Each makes a database of its own there (the user needs CREATEDB) and drops it at the \
      end; without --store, a run of every workload leaves them out.

      Build in release for meaningful figures (swift run -c release refold bench …).

      With --log FILE, it measures the feature that recorded FILE instead (any tool that \
      embeds the command line has this):

      \(LogBenchCommand.discussion)

      Examples:
        refold bench --quick
        refold bench --json > bench.json
        refold bench --quick --workload W4 --workload W5
        refold bench --workload W12 --store postgres://refold@db/refold
        refold bench --log session.log

      Wall time is noisy on shared machines: compare the ratios, not the absolute figures. \
      The Benchmarks/ package measures the same workloads with package-benchmark, and CI \
      checks its malloc thresholds.
      """
  )

  @Option(name: .long, help: "Measure the feature that recorded this log instead of the built-in workloads.")
  var log: String?

  @Flag(name: .long, help: "Shorter runs (5 of ~20 ms per system); finishes in under a minute.")
  var quick = false

  @Flag(name: .long, help: "Print a JSON array of {workload, system, nsPerOp, mallocsPerOp, notificationsPerOp} rows.")
  var json = false

  @Option(name: .long, help: "Run only this workload (W1 … W12); repeat for more.")
  var workload: [Bench.Workload] = []

  @Option(
    name: .long,
    help: ArgumentHelp("The PostgreSQL server W11 and W12 measure the log store on (they make a database of their own there).", valueName: "postgres-url"))
  var store: String?

  @Option(name: .long, help: "Run only this system (refold, naive, opencombine, floor, …); repeat for more.")
  var system: [Bench.System] = []

  @Option(name: .long, help: ArgumentHelp("Exactly this many operations per run, without calibration (for profilers).", visibility: .hidden))
  var operations: Int?

  public init() {}

  @MainActor
  public func run() async throws {
    if let log {
      guard workload.isEmpty, system.isEmpty, operations == nil, store == nil else {
        throw HostError.usage("--log measures the log's own feature: --workload, --system, --operations and --store are for the built-in workloads")
      }
      return try LogBenchCommand.run(log: log, quick: quick, json: json)
    }
    if store == nil, let named = workload.first(where: \.needsPostgres) {
      throw HostError.usage(
        "\(named.rawValue) measures a PostgreSQL log store: name a server with --store postgres://USER@HOST:PORT/DATABASE (scripts/postgres.sh start DIR starts one on loopback)")
    }
    var plan = quick ? BenchRunner.Plan.quick : BenchRunner.Plan.full
    if let operations {
      guard operations > 0 else { throw HostError.usage("--operations must be at least 1, not \(operations)") }
      plan.fixedOperations = operations
    }
    plan.logStore = store
    ScratchFolders.shared.removeOnSignals()
    var progress = Terminal.Progress()
    var runner = BenchRunner(plan: plan)
    runner.progress = { progress.update($0) }
    var rows: [BenchRow] = []
    // Without a server, a run of every workload leaves out the two that need one, and says so.
    let workloads = workload.isEmpty ? Bench.Workload.allCases.filter { store != nil || !$0.needsPostgres } : workload
    for workload in workloads {
      rows += try await runner.measure(workload, systems: system.isEmpty ? nil : Set(system))
    }
    progress.finish()
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      Terminal.out(String(decoding: try encoder.encode(rows), as: UTF8.self))
    } else {
      var table = BenchTable(results: BenchResults(rows: rows), plan: plan, quick: quick)
      if workload.isEmpty { table.leftOut = Bench.Workload.allCases.filter { !workloads.contains($0) } }
      for line in table.lines() { Terminal.out(line) }
    }
  }
}

extension Bench.Workload: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(rawValue: argument.uppercased())
  }
}

extension Bench.System: ExpressibleByArgument {}
