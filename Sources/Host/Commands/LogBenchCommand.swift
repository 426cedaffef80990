package import ArgumentParser
import Foundation
import Store

/// `bench --log FILE`: the user's own feature measured on a log it recorded (``LogBench``).
///
/// Every tool that embeds the command line has it. The `refold` executable's own `bench` (the
/// built-in workloads) takes the same `--log` and hands it here.
package struct LogBenchCommand: AsyncParsableCommand {
  package static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "bench",
      abstract: "Measure a hosted feature on a log it recorded: its reducer by action case, its bindings, its replay.",
      discussion: """
        \(discussion)

        Examples:
          \(Help.name) bench --log session.log
          \(Help.name) bench --log session.log --quick --json
        """
    )
  }

  /// What `bench --log` does, for both `bench` commands' help.
  package static let discussion = """
    The log's actions are decoded once and folded through the feature's reducer in a tight \
    loop, in memory: no disk, no effects (the effects it returns are dropped), each event's \
    recorded draws handed back as in a replay. Per action case, slowest first: ns per action, \
    what the reducer itself took over the floor (the same loop with a reducer that does \
    nothing), and Swift heap allocations per action. Then the cost of the bindings the feature \
    registers (`static func bindings(of:)`), per commit over the same store without them; and \
    the replay of the file as `replay` does it, verified, on one thread, against reading its \
    records alone. Each figure is the fastest of several passes measured in the same run. \
    Build in release for meaningful figures.

    Exit codes: 0 measured, 1 the log does not replay (its draws diverge), 2 an unreadable \
    log or one of a feature this tool does not host.
    """

  @Option(name: .long, help: "A log recorded by a feature this tool hosts.")
  var log: String

  @Flag(name: .long, help: "Shorter passes (about a second in all).")
  var quick = false

  @Flag(name: .long, help: "Print the figures as JSON.")
  var json = false

  package init() {}

  @MainActor
  package func run() async throws {
    try Self.run(log: log, quick: quick, json: json)
  }

  /// Measures `log` with the feature that recorded it and prints the table or the JSON.
  @MainActor
  package static func run(log: String, quick: Bool, json: Bool) throws {
    let feature = try LogTools.feature(of: log)
    let report = try measure(feature, log: log, quick: quick)
    if json {
      Terminal.outJSON(try report.json())
    } else {
      for line in report.lines() { Terminal.out(line) }
    }
  }

  @MainActor
  private static func measure<F: RefoldFeature>(_ feature: F.Type, log: String, quick: Bool) throws -> LogBenchReport {
    var progress = Terminal.Progress()
    defer { progress.finish() }
    do {
      progress.update("bench: reading \(log)")
      var bench = LogBench(session: try LoggedSession<F>(file: log), plan: quick ? .quick : .full)
      bench.progress = { progress.update($0) }
      return try bench.measure()
    } catch let divergence as ReplayDivergence {
      throw HostError.diverged(divergence)
    } catch let error as LogReadError {
      throw HostError.badInput(error.description)
    }
  }
}
