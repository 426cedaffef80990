import ArgumentParser
import Foundation
import Store

struct CheckCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "check",
      abstract: "Replay every log under the given files and folders against this build, on all cores.",
      discussion: """
        Each log is folded from its initial state through the current build's reducer, and every \
        checkpoint's digest is verified. A folder stands for every *.log file under it. Per log: \
        verified; migrated (recorded at an older schema, upgraded by the feature's migrations); \
        diverged (the seq, the action the log holds there, and a diff of the states); \
        unreadable (the file and line); or skipped (a feature this tool does not host, reported \
        but not a failure). One bad log never stops the others. The logs that are not verified \
        are printed in detail, then a summary table; progress is shown on stderr when it is a \
        terminal.

        Exit codes: 0 every log verified (or skipped), 1 a log diverged, 2 a log was unreadable \
        or no log was found.

        Examples:
          \(Help.name) check crash-reports/
          \(Help.name) check logs/ session.log --jobs 4 --junit check.xml
          \(Help.name) check logs/ --json
        """
    )
  }

  @Argument(help: ArgumentHelp("Event logs, and folders to search for *.log files.", valueName: "path"))
  var paths: [String]

  @Option(name: .long, help: "How many logs are replayed at once (default: the number of cores).")
  var jobs: Int = CorpusCheck.defaultJobs

  @Option(name: .long, help: ArgumentHelp("Also write the outcomes as JUnit XML to this file, for CI systems.", valueName: "file"))
  var junit: String?

  @Flag(name: .long, help: "Print the outcomes and the summary as JSON.")
  var json = false

  func validate() throws {
    guard !paths.isEmpty else { throw ValidationError("name at least one log or folder") }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
  }

  func run() async throws {
    let corpus = LogCorpus(paths: paths)
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
    if let junit {
      do {
        try Data(report.junit.utf8).write(to: URL(fileURLWithPath: junit))
      } catch {
        throw HostError(.failure, "--junit \(junit): cannot be written (\(error.localizedDescription))")
      }
    }
    Terminal.out(json ? try report.json() : report.text)
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

  func update(done: Int, outcome: LogCheckOutcome) {
    lock.withLock {
      if outcome.status == .diverged || outcome.status == .unreadable { problems += 1 }
      line.update("checking \(done)/\(total) logs" + (problems > 0 ? ", \(problems) not verified" : ""))
    }
  }

  func finish() { lock.withLock { line.finish() } }
}
