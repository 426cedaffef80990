import ArgumentParser

/// The tool's root command: the hosted commands, then the host's own (``HostConfiguration/commands``),
/// under the host's name.
struct RootCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    let host = HostConfiguration.current
    let name = host.commandName
    let example = Help.example
    let hosted: [any ParsableCommand.Type] = [
      FeaturesCommand.self, RunCommand.self, ReplayCommand.self, InspectCommand.self, DiffCommand.self, CheckCommand.self,
      TestGenCommand.self, MigrateCommand.self, DevtoolsCommand.self, CollectCommand.self, StoreCommand.self,
      LogBenchCommand.self,
    ]
    // A host's command of a hosted command's name replaces it (`refold`'s `bench`, which runs
    // the built-in workloads, and hands `--log` to the hosted one).
    let replaced = Set(host.commands.compactMap { $0.configuration.commandName })
    // The host's own commands first (`refold demo`): their abstracts are in the list below.
    let extra = host.commands.compactMap { $0.configuration.commandName.map { "  \(name) \($0)" } }
    return CommandConfiguration(
      commandName: name,
      abstract: "Run, record, replay and check Refold stores from the command line.",
      discussion: """
        Refold folds actions into state with pure reducers and records every action to a \
        crash-safe, self-checking event log. This command hosts \(host.features.isEmpty ? "no features yet" : "\(host.features.count) feature\(host.features.count == 1 ? "" : "s")"): \
        it drives a feature from action lines, and replays, inspects, diffs and checks its logs.

        Examples:
        \(extra.map { $0 + "\n" }.joined())  \(name) features
          echo '\(example.action)' | \(name) run \(example.feature) --actions -
          \(name) replay session.log --until 120
          \(name) inspect session.log
          \(name) diff session.log --from 10 --to 20
          \(name) check crash-reports/ --junit check.xml
          \(name) test-gen session.log > SessionTests.swift
          \(name) migrate old.log --out new.log
          \(name) devtools session.log
          \(name) bench --log session.log

        Exit codes: 0 ok, 1 a replay diverged, 2 an unreadable, corrupt or mismatched input, 64 a \
        usage error, 70 the host could not do its part (e.g. recording stopped; the run went on), \
        74 stdout could not be written, 141 stdout's reader left, 130/143 run stopped by SIGINT or \
        SIGTERM (the log is closed first in each).
        """,
      subcommands: hosted.filter { !replaced.contains($0.configuration.commandName ?? "") } + host.commands
    )
  }
}
