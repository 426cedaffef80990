import ArgumentParser
import Foundation
import Store

struct MigrateCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "migrate",
      abstract: "Rewrite a log recorded at an older schema at the feature's current one, verified.",
      discussion: """
        The log is replayed through the feature's migrations first (every comparable checkpoint \
        checked); then its events are written again to --out with their actions upgraded (the \
        same seq, time, origin and draws), the initial state upgraded, and fresh checkpoints of \
        the states this build reaches. The new log is written beside --out and put in place only \
        once complete, then replayed and verified. --out is never replaced.

        Examples:
          \(Help.name) migrate old.log --out new.log
        """
    )
  }

  @Argument(help: "The event log, recorded at an older schema of its feature.")
  var file: String

  @Option(name: .long, help: ArgumentHelp("The new log (must not exist).", valueName: "file"))
  var out: String

  func run() async throws {
    let feature = try LogTools.feature(of: file)
    try migrate(feature)
  }

  private func migrate<F: RefoldFeature>(_ feature: F.Type) throws {
    guard URL(fileURLWithPath: out).standardizedFileURL != URL(fileURLWithPath: file).standardizedFileURL else {
      throw HostError.usage("--out names the log itself; migrate writes a new log beside the old one")
    }
    let report: LogMigrationReport
    do {
      report = try Replayer(reducer: F(environment: .replay), migrations: F.migrations)
        .migrate(file: URL(fileURLWithPath: file), to: URL(fileURLWithPath: out), feature: F.featureName, schema: F.schemaVersion)
    } catch let divergence as ReplayDivergence {
      var error = HostError.diverged(divergence)
      error.message += "; the log is not rewritten"
      throw error
    } catch let error as LogReadError {
      throw HostError.badInput(error.description)
    } catch let error as RecorderError {
      throw HostError(.failure, "\(error)")
    }
    let same = report.from == report.to ? " (it was at that schema already)" : ""
    Terminal.out(
      "\(out): \(report.events) events of \(F.featureName) at schema \(report.to), from schema \(report.from)\(same); \(report.checkpoints) checkpoints written, \(report.verifiedCheckpoints) verified by a replay of the new log")
  }
}
