package import ArgumentParser
package import EventLog
import Foundation
import Logging
// NB: swift-metrics has a `Recorder` too: the event log's is written `EventLog.Recorder` here.
import Metrics
package import Store

/// The flags that give a hosted store its plugins: `--record`, `--fsync`, `--record-sites`,
/// `--log-level`, `--metrics`.
package struct PluginOptions: ParsableArguments {
  package init() {}

  @Option(name: .long, help: ArgumentHelp("Record the session to this event log (created with mode 0600).", valueName: "file"))
  package var record: String?

  @Option(name: .long, help: "When the log is fsynced: always, batched (at most ~100 ms at risk) or never.")
  package var fsync: FsyncMode = .batched

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Each recorded event says where it was sent from: its action line, or the effect (file and line) that sent it. Debug builds only."
    ))
  package var recordSites = false

  @Option(name: .long, help: "Log each action to stderr at this level (debug logs every action, secrets redacted).")
  var logLevel: LogLevelOption = .warning

  @Flag(name: .long, help: "Count actions per case and time each reduce; print the summary to stderr at the end.")
  var metrics = false

  package enum FsyncMode: String, ExpressibleByArgument, CaseIterable {
    case always, batched, never

    package var policy: FsyncPolicy {
      switch self {
      case .always: .always
      case .batched: .batched
      case .never: .never
      }
    }
  }

  struct LogLevelOption: ExpressibleByArgument {
    var level: Logger.Level
    init(_ level: Logger.Level) { self.level = level }
    init?(argument: String) {
      guard let level = Logger.Level(rawValue: argument.lowercased()) else { return nil }
      self.level = level
    }
    static let warning = Self(.warning)
    static var allValueStrings: [String] { Logger.Level.allCases.map(\.rawValue) }
    var defaultValueDescription: String { level.rawValue }
  }
}

/// The plugins a hosted store runs with, made from ``PluginOptions``.
@MainActor
package struct HostedPlugins<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  var plugins: [any StorePlugin<State, Action>] = []
  var recorder: EventLog.Recorder<State, Action>?
  var metrics: MetricsSummary?

  /// Whether the store records where each action came from (`--record-sites`).
  let recordsSites: Bool

  package init(options: PluginOptions, feature: String, schemaVersion: Int, initialState: State) throws(HostError) {
    #if DEBUG
      recordsSites = options.recordSites
    #else
      // A release build's stores never record sites (`Store`'s `recordsSendSites`): say so
      // rather than record a log without them.
      if options.recordSites {
        throw HostError.usage("--record-sites works in a debug build of refold only; this one is built for release")
      }
      recordsSites = false
    #endif
    if recordsSites, options.record == nil {
      throw HostError.usage("--record-sites needs --record: the sites are written into the log")
    }
    if let path = options.record {
      guard !path.isEmpty else { throw HostError.usage("--record needs a file name") }
      do {
        let recorder = try EventLog.Recorder<State, Action>(
          file: URL(fileURLWithPath: path),
          feature: feature,
          initialState: initialState,
          options: RecorderOptions(
            fsync: options.fsync.policy, schemaVersion: schemaVersion,
            onFailure: RecordingFailure.reporter())
        )
        self.recorder = recorder
        plugins.append(recorder)
      } catch {
        throw RecordingFailure.cannotStart(error, path: path)
      }
    }
    if options.logLevel.level <= .debug {
      var logger = Logger(label: "refold") { StreamLogHandler.standardError(label: $0) }
      logger.logLevel = options.logLevel.level
      plugins.append(LoggingPlugin<State, Action>(feature: feature, logger: logger))
    }
    if options.metrics {
      let summary = MetricsSummary()
      MetricsSystem.bootstrap(summary)
      metrics = summary
      plugins.append(MetricsPlugin<State, Action>(feature: feature))
    }
  }

  /// A store with these plugins and these dependencies; with `--metrics`, its reducer is timed;
  /// with `--record-sites`, each commit says where its action came from (`recordsSendSites`).
  package func store<R: Reducer>(
    initialState: State, reducer: R, feature: String,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> Store<State, Action>
  where R.State == State, R.Action == Action {
    metrics == nil
      ? Store(
        initialState: initialState, reducer: reducer, plugins: plugins, recordsSendSites: recordsSites,
        withDependencies: prepareDependencies)
      : Store(
        initialState: initialState, reducer: TimedReducer(reducer, feature: feature), plugins: plugins,
        recordsSendSites: recordsSites, withDependencies: prepareDependencies)
  }

  /// Flushes and closes the recorder, and prints the metrics summary.
  package func finish() async throws(HostError) {
    if let metrics {
      for line in metrics.lines { Terminal.err("metrics: \(line)") }
    }
    if let recorder {
      try await RecordingFailure.close(recorder)
    }
  }
}
