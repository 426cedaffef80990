import ArgumentParser
import Dispatch
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

  /// The recorder is started before the input is read, so that a run stopped while its input
  /// still streams has a log too. SIGINT or SIGTERM stops reading and sending, cancels the
  /// effects still running and closes the log (a final checkpoint) before the run exits with
  /// 130 or 143; a second signal exits at once.
  @MainActor
  private func execute<F: RefoldFeature>(_ feature: F.Type) async throws {
    let signals = StopSignals.install()
    try await HostedServers.withBaseURL(baseURL) { url in
      let environment = FeatureEnvironment.live(baseURL: url, sessionFile: sessionFile.map { URL(fileURLWithPath: $0) })
      let initialState = F.initialState(in: environment)
      let hosted = try HostedPlugins<F.State, F.Action>(options: plugins, feature: F.featureName, schemaVersion: F.schemaVersion, initialState: initialState)
      let store = hosted.store(initialState: initialState, reducer: F(environment: environment), feature: F.featureName) {
        F.prepareDependencies(&$0, in: environment)
      }

      let source = actions
      let decoded: [F.Action]?
      do {
        decoded = try await signals.firstOf({ try await Self.read(source) })?.map { line in
          try line.decode(F.Action.self, feature: F.featureName)
        }
      } catch {
        // Bad input: nothing was sent, so the log holds no event; it is removed, not left behind.
        try? await hosted.finish()
        hosted.removeLog()
        throw error
      }
      // A signal while the input was read: the log is kept, closed, with what it has.
      guard let decoded else { return try await stop(hosted, store: store, tasks: [], signals: signals) }

      var tasks: [StoreTask] = []
      for action in decoded {
        if signals.received != nil { return try await stop(hosted, store: store, tasks: tasks, signals: signals) }
        let task = store.send(action)
        tasks.append(task)
        if waitEach, try await signals.firstOf({ await task.finish(); return true }) == nil {
          return try await stop(hosted, store: store, tasks: tasks, signals: signals)
        }
      }
      let pending = tasks
      let finished = try await signals.firstOf { () async -> Bool in
        for task in pending { await task.finish() }
        return true
      }
      guard finished != nil else {
        return try await stop(hosted, store: store, tasks: tasks, signals: signals)
      }
      // The log is closed before the state is printed, so that a failing stdout never costs
      // it; a recording that stopped still gets its state printed, then exits 70.
      let state = try StateJSON.encode(store.state)
      var closing: (any Error)?
      do { try await hosted.finish() } catch { closing = error }
      Terminal.out(state)
      if let closing { throw closing }
    }
  }

  /// Reads the action lines off the main actor: reading stdin blocks.
  private static func read(_ source: String) async throws -> [ActionLines.Line] {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { () throws(HostError) in try ActionLines.read(source) })
      }
    }
  }

  /// A signal stopped the run: cancel what runs, close the log, and exit 128 + the signal.
  @MainActor
  private func stop<State, Action>(
    _ hosted: HostedPlugins<State, Action>, store: Store<State, Action>, tasks: [StoreTask], signals: StopSignals
  ) async throws {
    for task in tasks { task.cancel() }
    try await hosted.finish()
    let name = StopSignals.name(signals.received ?? SIGINT)
    Terminal.diagnostic(
      "stopped by \(name) after \(store.commitCount) actions" + (plugins.record.map { "; the log \($0) is closed" } ?? ""))
    throw ExitCode(signals.exitCode)
  }
}
