import ArgumentParser
import Foundation
import Store

struct RunCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "run",
      abstract: "Send action lines into a live store as they arrive, wait for its effects, and print the state.",
      discussion: """
        Each line of the input is one action as JSON, in its Codable shape, sent as soon as it \
        arrives: a pipe or a person typing drives the store live. Blank lines and lines starting \
        with # are skipped. A line that does not decode stops the run, with every action before \
        it sent and recorded. The effects talk to --base-url\(serverNote). The final state is \
        printed on stdout as JSON, with secrets redacted; --print-states prints every state \
        instead, one JSON line each. An https:// server's certificate is verified against the \
        system's authorities, or, on Linux, instead those of the PEM file $SSL_CERT_FILE names.

        Examples:
          echo '\(Help.example.action)' | \(Help.name) run \(Help.example.feature)
          \(Help.name) run \(Help.example.feature) --actions actions.jsonl --record session.log
          \(Help.name) run \(Help.example.feature) --base-url http://127.0.0.1:8080 --log-level debug
          tail -f actions.jsonl | \(Help.name) run \(Help.example.feature) --print-states
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

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How long one request to the server may take, its whole answer included, before the effect reports a network error.",
      valueName: "seconds"))
  var requestTimeout: Double = Double(FeatureEnvironment.defaultRequestTimeout.components.seconds)

  @Flag(name: .long, help: "Wait for each action's effects before sending the next.")
  var waitEach = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How the feature's @Dependency(\\.uuid) makes ids: live (random), or incrementing (00000000-0000-0000-0000-000000000000, then …0001, …), so that a later action line can name an id the run made. The log records the ids either way.",
      valueName: "live|incrementing"))
  var uuids: UUIDSource = .live

  /// Where the run's UUIDs come from (`--uuids`).
  enum UUIDSource: String, ExpressibleByArgument, CaseIterable {
    case live, incrementing
  }

  @Flag(
    name: .long,
    help: "Print the state as a JSON line at the start and after each action that changes it, instead of the final state at the end.")
  var printStates = false

  @OptionGroup var plugins: PluginOptions

  /// Where the effects go without --base-url.
  private static var serverNote: String {
    HostConfiguration.current.defaultServer == nil ? "" : ", or to the host's own server, started for the run"
  }

  func validate() throws {
    guard requestTimeout > 0, requestTimeout <= 86_400 else {
      throw ValidationError("--request-timeout must be more than 0 and at most 86400 seconds")
    }
  }

  func run() async throws {
    let feature = try FeatureRegistry.current.feature(named: feature, kind: .usage)
    try await execute(feature)
  }

  /// The recorder is started before the first line is read, so that the log exists from the
  /// start. Each line is decoded and sent when it arrives (``ActionLineSource``), so actions
  /// keep their real timing and memory stays bounded whatever the input's length. A line that
  /// does not decode stops the run: no later line is read, the effects of the actions before it
  /// finish (their responses are recorded too), and the log is closed. They are not cancelled:
  /// cancelling a request in flight races FoundationNetworking's own completion on Linux, which
  /// can end the process ("a task that is not in the registry") before the log is closed. SIGINT or SIGTERM stops reading and sending,
  /// cancels the effects still running and closes the log (a final checkpoint) before the run
  /// exits with 130 or 143; a second signal exits at once.
  @MainActor
  private func execute<F: RefoldFeature>(_ feature: F.Type) async throws {
    let lines = try ActionLineSource.open(actions)
    // However the run ends, the reading thread is let go (an embedding process lives on).
    defer { lines.stop() }
    let signals = StopSignals.install()
    signals.whenReceived { lines.stop() }
    try await HostedServers.withBaseURL(baseURL) { url in
      let environment = FeatureEnvironment.live(
        baseURL: url, sessionFile: sessionFile.map { URL(fileURLWithPath: $0) },
        requestTimeout: .milliseconds(Int64(requestTimeout * 1000)))
      let initialState = F.initialState(in: environment)
      let hosted = try HostedPlugins<F.State, F.Action>(options: plugins, feature: F.featureName, schemaVersion: F.schemaVersion, initialState: initialState)
      let store = hosted.store(initialState: initialState, reducer: F(environment: environment), feature: F.featureName) {
        F.prepareDependencies(&$0, in: environment)
        if uuids == .incrementing { $0.uuid = .incrementing }
      }
      if printStates { store.attach(try StateLines<F.State, F.Action>(initialState: initialState)) }

      var running = RunningSends()
      while signals.received == nil {
        let action: F.Action
        let site: SendSite
        do {
          guard let line = try await lines.next() else { break }
          // A shared field in the line (a pushed screen's state) takes the store's value.
          action = try store.decodingAction { try line.decode(F.Action.self, feature: F.featureName) }
          site = SendSite(fileID: line.source, line: UInt(line.number))
        } catch {
          // Everything before the bad line was sent; its effects finish, then the run stops.
          let pending = running
          guard try await signals.firstOf({ await pending.finishAll(); return true }) != nil else {
            return try await stop(hosted, store: store, running: running, signals: signals)
          }
          try? await hosted.finish()
          let problem = (error as? HostError)?.message ?? "\(error)"
          guard store.commitCount > 0 else { throw HostError.badInput(problem) }
          throw HostError.badInput(
            "\(problem); the run stopped there after \(store.commitCount) actions"
              + (plugins.record.map { ", which the log \($0) holds" } ?? ""))
        }
        if signals.received != nil { break }
        // With --record-sites, the event names its action line (`actions.jsonl:3`, `stdin:3`).
        let task = store.recordsSendSites ? store.send(action, from: site) : store.send(action)
        running.add(task)
        if waitEach, try await signals.firstOf({ await task.finish(); return true }) == nil { break }
      }
      if signals.received != nil { return try await stop(hosted, store: store, running: running, signals: signals) }

      let pending = running
      guard try await signals.firstOf({ await pending.finishAll(); return true }) != nil else {
        return try await stop(hosted, store: store, running: running, signals: signals)
      }
      // The log is closed before the state is printed, so that a failing stdout never costs
      // it; a recording that stopped still gets its state printed, then exits 70.
      let state = printStates ? nil : try StateJSON.encode(store.state)
      var closing: (any Error)?
      do { try await hosted.finish() } catch { closing = error }
      if let state { Terminal.outJSON(state) }
      if let closing { throw closing }
    }
  }

  /// A signal stopped the run: cancel what runs, close the log, and exit 128 + the signal.
  @MainActor
  private func stop<State, Action>(
    _ hosted: HostedPlugins<State, Action>, store: Store<State, Action>, running: RunningSends, signals: StopSignals
  ) async throws {
    running.cancelAll()
    try await hosted.finish()
    let name = StopSignals.name(signals.received ?? SIGINT)
    Terminal.diagnostic(
      "stopped by \(name) after \(store.commitCount) actions" + (plugins.record.map { "; the log \($0) is closed" } ?? ""))
    throw ExitCode(signals.exitCode)
  }
}

/// The sends whose effects still run: kept so that the run can wait for them or cancel them,
/// and pruned as they finish, so that a long input does not keep one per action.
@MainActor
struct RunningSends {
  private var tasks: [StoreTask] = []
  private var pruneAt = 1_024

  mutating func add(_ task: StoreTask) {
    guard task.isRunning else { return }
    tasks.append(task)
    if tasks.count >= pruneAt {
      tasks.removeAll { !$0.isRunning }
      pruneAt = max(1_024, tasks.count * 2)
    }
  }

  func finishAll() async {
    for task in tasks { await task.finish() }
  }

  func cancelAll() {
    for task in tasks { task.cancel() }
  }
}
