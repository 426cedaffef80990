import ArgumentParser
import Foundation
import Store

struct InspectCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "inspect",
      abstract: "Describe a log: header, events, actions by type, time span, checkpoints, integrity.",
      discussion: """
        Reads every line and checks its checksum, without folding anything.

        Examples:
          \(Help.name) inspect session.log
          \(Help.name) inspect session.log --json
        """
    )
  }

  @Argument(help: "The event log.")
  var file: String

  @Flag(name: .long, help: "Print the summary as JSON.")
  var json = false

  func run() async throws {
    let summary = try LogTools.inspect(file: file)
    Terminal.out(json ? try summary.json() : summary.text)
  }
}
