import ArgumentParser

struct RootCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refold",
    abstract: "Run, record, replay and check Refold stores from the command line.",
    discussion: """
      Refold folds actions into state with pure reducers and records every action to a \
      crash-safe, self-checking event log. This command hosts the built-in features (and yours, \
      when you embed it): it runs the demo, drives a feature from action lines, and replays, \
      inspects and diffs logs.

      Examples:
        refold demo            # the whole tour, recorded and verified
        refold features        # what can run, with example actions
        echo '{"textChanged":{"_0":"1234"}}' | refold run amountInput --actions -
        refold replay session.log --until 120
        refold inspect session.log
        refold diff session.log --from 10 --to 20

      Exit codes: 0 ok, 1 a replay diverged, 2 an unreadable, corrupt or mismatched input, 64 a \
      usage error, 70 the host could not do its part (e.g. recording stopped; the run went on).
      """,
    subcommands: [
      DemoCommand.self, FeaturesCommand.self, RunCommand.self, ReplayCommand.self,
      InspectCommand.self, DiffCommand.self, BenchCommand.self,
    ]
  )
}
