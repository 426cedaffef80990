import ArgumentParser
import Foundation
import Store

struct RunCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "run",
      abstract: "Send action lines into a live store, wait for its effects, and print the final state.",
      discussion: """
        Each line of the input is one action as JSON, in its Codable shape. Blank lines and lines \
        starting with # are skipped. The effects talk to --base-url\(serverNote). The final \
        state is printed on stdout as JSON, with secrets redacted.

        Examples:
          echo '\(Help.example.action)' | \(Help.name) run \(Help.example.feature)
          \(Help.name) run \(Help.example.feature) --actions actions.jsonl --record session.log
          \(Help.name) run \(Help.example.feature) --base-url http://127.0.0.1:8080 --log-level debug
        """
    )
  }

  @Argument(help: "The feature to run (see '\(Help.name) features').")
  var feature: String

  @Option(name: .long, help: ArgumentHelp("The action lines: a file, or - for stdin.", valueName: "file|-"))
  var actions: String = "-"

  @Option(name: .long, help: ArgumentHelp("The server the effects talk to\(serverNote).", valueName: "url"))
  var baseURL: String?

  @Option(name: .long, help: ArgumentHelp("Keep a signed-in session in this file (mode 0600) instead of in memory.", valueName: "file"))
  var sessionFile: String?

  @Flag(name: .long, help: "Wait for each action's effects before sending the next.")
  var waitEach = false

  @OptionGroup var plugins: PluginOptions

  /// Where the effects go without --base-url.
  private static var serverNote: String {
    HostConfiguration.current.defaultServer == nil ? "" : ", or to the host's own server, started for the run"
  }

  func run() async throws {
    let feature = try FeatureRegistry.current.feature(named: feature, kind: .usage)
    try await execute(feature)
  }

  @MainActor
  private func execute<F: RefoldFeature>(_ feature: F.Type) async throws {
    let lines = try ActionLines.read(actions)
    let decoded = try lines.map { line in try line.decode(F.Action.self, feature: F.featureName) }
    try await HostedServers.withBaseURL(baseURL) { url in
      let environment = FeatureEnvironment.live(baseURL: url, sessionFile: sessionFile.map { URL(fileURLWithPath: $0) })
      let initialState = F.initialState(in: environment)
      let hosted = try HostedPlugins<F.State, F.Action>(options: plugins, feature: F.featureName, schemaVersion: F.schemaVersion, initialState: initialState)
      let store = hosted.store(initialState: initialState, reducer: F(environment: environment), feature: F.featureName)
      var tasks: [StoreTask] = []
      for action in decoded {
        let task = store.send(action)
        if waitEach { await task.finish() } else { tasks.append(task) }
      }
      for task in tasks { await task.finish() }
      try Terminal.out(StateJSON.encode(store.state))
      try await hosted.finish()
    }
  }
}
