import BuiltinFeatures
import Host
import Foundation
import Reducers

/// One run of `refold demo`: backend up, scripted session recorded, log replayed and verified,
/// report printed.
struct DemoRun {
  let logPath: String
  /// The hosted plugins' flags; their `record` is `logPath`.
  let plugins: PluginOptions

  init(logPath: String, plugins: PluginOptions) {
    self.logPath = logPath
    var plugins = plugins
    plugins.record = logPath
    // Each event of the demo's log says which line of DemoScript sent it, or which effect did
    // (`refold devtools` shows it), in a debug build, as `make demo` makes.
    #if DEBUG
      plugins.recordSites = true
    #endif
    self.plugins = plugins
  }

  @MainActor
  func run() async throws {
    let started = ContinuousClock.now
    Terminal.out("Refold demo — an event-sourced store for view models, driven over real HTTP.")
    let logURL = URL(fileURLWithPath: logPath)
    let live = try await HostedServers.withServer({ try await DemoBackend.start() }) { baseURL in
      Terminal.out("backend  │ loopback demo backend on \(baseURL.absoluteString)")
      Terminal.out("log      │ recording to \(logURL.path) (fsync \(plugins.fsync.policy))")
      return try await recordSession(baseURL: baseURL, logURL: logURL)
    }
    let recordedIn = ContinuousClock.now - started

    Terminal.out("\n▸ Replay: folding the log headless (no effects), checking every checkpoint")
    let replayStart = ContinuousClock.now
    let replayed: ReplayResult<AppFeature.State>
    do {
      replayed = try Replayer(reducer: AppFeature(environment: .replay)).replay(file: logURL)
    } catch let divergence as ReplayDivergence {
      throw HostError.diverged(divergence, prefix: "the demo log does not replay: ")
    } catch {
      throw HostError.badInput("the demo log cannot be read back: \(error)")
    }
    let replayTime = ContinuousClock.now - replayStart
    guard Redaction.apply(replayed.state) == Redaction.apply(live.state) else {
      throw HostError(.diverged, "the replayed final state differs from the live one")
    }

    Terminal.out("\n▸ Report")
    Terminal.out("  events    \(replayed.eventCount) (last seq \(replayed.lastSeq)), \(live.viewUpdates) view updates")
    Terminal.out("  time      session \(format(recordedIn)), replay \(format(replayTime))")
    Terminal.out("  log       \(logURL.path)")
    Terminal.out("  final state (secrets redacted):")
    let state = Redaction.apply(live.state)
    for (name, json) in try finalStates(state) {
      Terminal.out("    \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(json)")
    }
    Terminal.out("  verified  replay reproduced every checkpoint and the final state")
    Terminal.out("\nTry: \(Help.name) inspect \(logURL.path)")
    Terminal.out("     \(Help.name) replay \(logURL.path) --until 5")
    Terminal.out("     \(Help.name) diff \(logURL.path) --from 1 --to 4")
    Terminal.out("     \(Help.name) devtools \(logURL.path)")
  }

  private struct LiveResult {
    var state: AppFeature.State
    var viewUpdates: Int
  }

  @MainActor
  private func recordSession(baseURL: URL, logURL: URL) async throws -> LiveResult {
    let environment = FeatureEnvironment.live(baseURL: baseURL)
    let initialState = AppFeature.initialState(in: environment)
    let hosted = try HostedPlugins<AppFeature.State, AppFeature.Action>(
      options: plugins, feature: AppFeature.featureName, schemaVersion: AppFeature.schemaVersion,
      initialState: initialState)
    let store = hosted.store(
      initialState: initialState, reducer: AppFeature(environment: environment), feature: AppFeature.featureName
    ) {
      AppFeature.prepareDependencies(&$0, in: environment)
    }
    let view = DemoConsoleView(store: store)
    try await DemoScript(store: store).run()
    try await hosted.finish()
    return LiveResult(state: store.state, viewUpdates: view.updates)
  }

  private func finalStates(_ state: AppFeature.State) throws -> [(String, String)] {
    [
      ("amountInput", try StateJSON.encode(state.amountInput)),
      ("signIn", try StateJSON.encode(state.signIn)),
      ("session", try StateJSON.encode(state.session?.username)),
      ("musicSearch", try StateJSON.encode(Summary(state.musicSearch.results.map(\.song)))),
      ("userList", try StateJSON.encode(Summary(state.userList.users.map(\.name)))),
      ("path", try StateJSON.encode(state.userList.path.ids.map(\.rawValue))),
      ("following", try StateJSON.encode(state.following.people.map { "\($0.name): \($0.isFollowing ? "following" : "not following")" })),
      ("greeting", try StateJSON.encode(state.greeting)),
      ("playerCard", try StateJSON.encode([state.playerCard.nameText, state.playerCard.ageText, state.playerCard.weeklyPayText])),
    ]
  }

  private func format(_ duration: Duration) -> String {
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return ms < 1000 ? "\(Int(ms)) ms" : String(format: "%.2f s", ms / 1000)
  }
}

/// A list shortened for the report.
private struct Summary: Encodable {
  var count: Int
  var first: [String]
  init(_ items: [String]) {
    count = items.count
    first = Array(items.prefix(3))
  }
}
