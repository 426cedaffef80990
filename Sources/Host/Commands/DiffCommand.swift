import ArgumentParser
import Foundation
import Store

struct DiffCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "diff",
      abstract: "Show how the state changed between two seqs of a log.",
      discussion: """
        Replays the log to each seq (from the nearest snapshot) and prints a readable diff:
        lines starting with - are the state at --from, + at --to.

        Examples:
          \(Help.name) diff session.log --from 10 --to 20
          \(Help.name) diff session.log --from 0 --to 5       # 0 is the initial state
        """
    )
  }

  @Argument(help: "The event log.")
  var file: String

  @Option(name: .long, help: "The earlier seq (0 for the initial state).")
  var from: UInt64

  @Option(name: .long, help: "The later seq.")
  var to: UInt64

  func run() async throws {
    let feature = try LogTools.feature(of: file)
    Terminal.out(try LogTools.diff(feature, file: file, from: from, to: to))
  }
}
