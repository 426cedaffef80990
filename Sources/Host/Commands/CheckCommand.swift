import ArgumentParser
import Foundation
import Store
import LogStorage

struct CheckCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "check",
      abstract: "Replay every log under the given files and folders against this build, on all cores.",
      discussion: """
        Each log is folded from its initial state through the current build's reducer, and every \
        checkpoint's digest is verified. A folder stands for every *.log regular file under it; a \
        *.log FIFO, socket, device or symbolic link in it is not read, and a warning on stderr \
        names it. A FIFO, socket or device named on the command line is not opened either: it \
        is reported unreadable. Per log: \
        verified; migrated (recorded at an older schema, upgraded by the feature's migrations); \
        diverged (the seq, the action the log holds there, and a diff of the states); \
        unreadable (the file and line); or skipped (a feature this tool does not host, reported \
        but not a failure). One bad log never stops the others. The logs that are not verified \
        are printed in detail, then a summary table; progress is shown on stderr when it is a \
        terminal.

        With --store, the logs are those a log store holds (those that pass --where and \
        --since). A folder store is checked here, on this machine's cores. A PostgreSQL store \
        is checked as a run named by --run that any number of workers, on any number of \
        machines, join by running the same command: each leases one log at a time (a log \
        whose worker died is leased again when its lease runs out, --lease), each log gets \
        exactly one outcome in the run, and every worker prints the whole run's report when \
        it is done. --compare-to names an earlier run and lists the logs whose outcome \
        changed ("3 logs that passed on A diverge on B").

        Exit codes: 0 every log verified (or skipped), 1 a log diverged, 2 a log was unreadable \
        or no log was found.

        Examples:
          \(Help.name) check crash-reports/
          \(Help.name) check logs/ session.log --jobs 4 --junit check.xml
          \(Help.name) check logs/ --json
        """ + sharedExamples
    )
  }

  /// The examples of a shared check, in a tool that links a shared store.
  private static var sharedExamples: String {
    guard let url = Help.sharedStoreExample else { return "" }
    return "\n  \(Help.name) check --store \(url) --run b812 --where app=ios"
      + "\n  \(Help.name) check --store \(url) --run b813 --compare-to b812"
  }

  @Argument(help: ArgumentHelp("Event logs, and folders to search for *.log files.", valueName: "path"))
  var paths: [String] = []

  @OptionGroup var stored: StoredCheckOptions

  @Option(name: .long, help: "How many logs are replayed at once (default: the number of cores).")
  var jobs: Int = CorpusCheck.defaultJobs

  @Option(name: .long, help: ArgumentHelp("Also write the outcomes as JUnit XML to this file, for CI systems.", valueName: "file"))
  var junit: String?

  @Flag(name: .long, help: "Print the outcomes and the summary as JSON.")
  var json = false

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    if stored.store != nil {
      guard paths.isEmpty else { throw ValidationError("name logs and folders, or --store, not both") }
      try stored.validate()
    } else {
      guard !paths.isEmpty else { throw ValidationError("name at least one log or folder, or a --store") }
      guard stored.run == nil, stored.compareTo == nil, stored.selection.isEmpty else {
        throw ValidationError("--run, --compare-to, --where and --since go with --store")
      }
    }
  }

  func run() async throws {
    if let location = stored.store {
      let store = try await LogStores.open(location)
      let filter = try stored.selection.filter()
      if let queue = store as? any CheckQueue {
        guard let run = stored.run else {
          throw HostError.usage("--store \(store.location) is shared by workers: name the run they join with --run NAME (a build's name, say)")
        }
        try await checkShared(queue, run: run, filter: filter)
      } else if let folder = store as? FolderLogStore {
        guard stored.run == nil, stored.compareTo == nil else {
          throw HostError.usage("--run and --compare-to need a store that workers share (\(Help.sharedStoreChoices)); \(location) is a folder")
        }
        let logs = try folder.list(filter)
        guard !logs.isEmpty else { throw HostError.badInput("\(folder.location) holds no log that passes \(filter.described)") }
        try await check(LogCorpus(paths: logs.map { folder.logPath($0.id) }))
      } else {
        throw HostError.usage("--store \(location) cannot be checked")
      }
      return
    }
    try await check(LogCorpus(paths: paths))
  }

  /// Checks files on this machine's cores.
  private func check(_ corpus: LogCorpus) async throws {
    for (path, kind) in corpus.skipped {
      Terminal.diagnostic("warning: \(Terminal.quoted(path)) is \(kind), not a log file: not checked")
    }
    guard !corpus.paths.isEmpty else {
      throw HostError.badInput("no *.log file under \(corpus.emptyFolders.map(Terminal.quoted).joined(separator: ", "))")
    }
    let progress = CheckProgress(total: corpus.paths.count)
    let started = ContinuousClock.now
    let outcomes = await CorpusCheck(jobs: jobs).run(corpus, features: FeatureRegistry.current) { done, outcome in
      progress.update(done: done, outcome: outcome)
    }
    progress.finish()
    let report = CheckReport(
      outcomes: outcomes,
      seconds: (ContinuousClock.now - started).seconds,
      jobs: min(jobs, corpus.paths.count))
    try finish(report)
  }

  /// This worker's share of a shared run, then the whole run's report.
  private func checkShared(_ queue: any CheckQueue, run: String, filter: StoredLogFilter) async throws {
    let total = try await queue.join(run: run, filter: filter)
    guard total > 0 else { throw HostError.badInput("check run \(Terminal.quoted(run)) holds no log: none passes \(filter.described)") }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("refold-check-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw HostError(.failure, "cannot make a scratch folder for the check: \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let progress = CheckProgress(total: total)
    let started = ContinuousClock.now
    let shared = SharedCheck(
      queue: queue, run: run, jobs: jobs, leaseSeconds: stored.lease, features: FeatureRegistry.current, scratch: scratch)
    let mine = try await shared.work { outcome in progress.update(done: nil, outcome: outcome) }
    progress.finish()
    let outcomes = try await queue.outcomes(run: run)
    Terminal.err("check run \(Terminal.quoted(run)): \(outcomes.count) logs, \(mine) checked by this worker (\(shared.worker))")
    let report = CheckReport(
      outcomes: outcomes.map(\.outcome), seconds: (ContinuousClock.now - started).seconds, jobs: jobs)
    var comparison: CheckComparison?
    if let earlier = stored.compareTo {
      let before = try await queue.outcomes(run: earlier)
      guard !before.isEmpty else { throw HostError.badInput("check run \(Terminal.quoted(earlier)) has no outcome to compare with") }
      comparison = CheckComparison(before: earlier, before, after: run, outcomes)
    }
    try finish(report, comparison: comparison)
  }

  /// Writes the JUnit file, prints the report, and exits as it says.
  private func finish(_ report: CheckReport, comparison: CheckComparison? = nil) throws {
    if let junit {
      do {
        try Data(report.junit.utf8).write(to: URL(fileURLWithPath: junit))
      } catch {
        throw HostError(.failure, "--junit \(junit): cannot be written (\(error.localizedDescription))")
      }
    }
    if json { Terminal.outJSON(try report.json()) } else { Terminal.out(report.text) }
    if let comparison, !json { Terminal.out("\n" + comparison.text) }
    if report.exitCode != 0 { throw ExitCode(report.exitCode) }
  }
}

/// "checking 120/1000 logs, 1 diverged" redrawn on a terminal's stderr.
private final class CheckProgress: @unchecked Sendable {
  // NB: @unchecked: `line` and `problems` are touched only with `lock` held.
  private let lock = NSLock()
  private var line = Terminal.Progress()
  private var problems = 0
  private let total: Int

  init(total: Int) { self.total = total }

  private var counted = 0

  /// `done` counts every log checked so far; nil counts the outcomes this call reports.
  func update(done: Int?, outcome: LogCheckOutcome) {
    lock.withLock {
      counted += 1
      if outcome.status == .diverged || outcome.status == .unreadable { problems += 1 }
      line.update("checking \(done ?? counted)/\(total) logs" + (problems > 0 ? ", \(problems) not verified" : ""))
    }
  }

  func finish() { lock.withLock { line.finish() } }
}

/// `refold check --store`'s options: which store, which of its logs, and the shared run.
struct StoredCheckOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Check the logs a log store holds: \(Help.storeChoices).", valueName: "store"))
  var store: String?

  @Option(name: .long, help: ArgumentHelp("The shared run this worker joins (a PostgreSQL store): a build's name, say.", valueName: "name"))
  var run: String?

  @OptionGroup var selection: StoredLogSelection

  @Option(name: .long, help: ArgumentHelp("Seconds a lease lasts unless renewed; a dead worker's logs wait this long.", valueName: "seconds"))
  var lease: Double = 60

  @Option(name: .long, help: ArgumentHelp("An earlier run: list the logs whose outcome changed since.", valueName: "run"))
  var compareTo: String?

  func validate() throws {
    guard lease >= 1 else { throw ValidationError("--lease must be at least 1 second") }
    if let run, run.isEmpty || run.count > 200 { throw ValidationError("--run needs a name of 1 to 200 characters") }
  }

}
