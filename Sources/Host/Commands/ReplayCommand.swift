import ArgumentParser
import Foundation
import Store

struct ReplayCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "replay",
      abstract: "Fold a recorded log headless and print the state: the final one, or the one at a seq.",
      discussion: """
        The feature is read from the log's header. Effects are not run: their results are already \
        in the log as actions. With verification on (the default), every checkpoint's digest is \
        checked and the first diverging seq is named; the report says how many were, and a replay \
        that started from a snapshot says that the snapshot's state was taken as recorded. \
        Progress is shown on stderr when it is a terminal.

        With --determinism, every event is folded twice from the initial state and the two states \
        compared after each: the first event after which they differ is named, with a diff. It \
        catches a reducer that reads the clock, UUID() or a random number directly instead of \
        through @Dependency, which records what it draws in the log.

        Exit codes: 0 ok, 1 the replay diverged, 2 the log is unreadable or corrupt.

        Examples:
          \(Help.name) replay session.log
          \(Help.name) replay session.log --until 120 --json
          \(Help.name) replay session.log --until 120 --from-start
          \(Help.name) replay session.log --determinism
        """
    )
  }

  @Argument(help: "The event log.")
  var file: String

  @Option(name: .long, help: "Stop after this seq (time travel), starting from the nearest snapshot.")
  var until: UInt64?

  @Flag(name: .long, help: "With --until: fold every event from the initial state instead of starting from a snapshot, so that everything before the seq is checked too.")
  var fromStart = false

  @Flag(name: .long, help: "Skip checking the checkpoint digests.")
  var noVerify = false

  @Flag(name: .long, help: "Fold every event twice from the initial state and name the first event after which the two replays differ.")
  var determinism = false

  @Flag(name: .long, help: "Print the state as JSON in its Codable shape.")
  var json = false

  func run() async throws {
    let feature = try LogTools.feature(of: file)
    try LogTools.replay(
      feature, file: file, until: until, verify: !noVerify, fromStart: fromStart, determinism: determinism, json: json)
  }
}
