import Foundation
import Store

/// Writes a Swift Testing file that plays a stretch of a log through `TestStore`, exhaustively:
/// each sent action a `send`, each effect's action a `receive`, each with the state after it.
///
/// The states are the ones the current build reaches from the log's actions, and the log is
/// replayed (every checkpoint verified) first: a build that diverges from the log would write a
/// test that fails at once, so it is refused instead.
enum TestGenerator {
  struct Options {
    var file: String
    var from: UInt64?
    var to: UInt64?
    var name: String?
  }

  /// One event of the stretch.
  struct Step {
    var seq: UInt64
    var isSend: Bool
    var actionJSON: String
    /// What the reducer drew while folding it.
    var draws: [Draw] = []
    /// The state after it, as JSON.
    var stateJSON = ""
    /// Whether the action changed the state (no assertion closure when it did not).
    var changed = false
  }

  @MainActor
  static func generate<F: RefoldFeature>(_ feature: F.Type, _ options: Options) async throws -> String {
    let (start, steps) = try read(F.self, options)
    let session = try RecordedSession<F>(
      initialState: start.json,
      events: steps.map { $0.isSend ? .send($0.actionJSON, draws: $0.draws) : .effect($0.actionJSON, draws: $0.draws) })
    let states = try await fold(session, count: steps.count)
    var written = steps
    var previous = start.json
    for index in written.indices {
      written[index].stateJSON = states[index]
      written[index].changed = states[index] != previous
      previous = states[index]
    }
    return SwiftTestFile(
      feature: F.self, name: testName(options, feature: F.featureName), log: options.file, initialState: start.json,
      firstSeq: start.seq + 1, steps: written
    ).text
  }

  /// The state before the stretch, and its events, checked against the log first.
  private static func read<F: RefoldFeature>(_ feature: F.Type, _ options: Options) throws -> (
    (seq: UInt64, json: String), [Step]
  ) {
    let url = URL(fileURLWithPath: options.file)
    let from = max(options.from ?? 1, 1)
    if let to = options.to, to < from { throw HostError.usage("--from \(from) is after --to \(to)") }
    do {
      var replayer = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
      replayer.seeksFromSnapshots = false
      // The whole stretch must replay as recorded, or the test would fail at once.
      _ = try replayer.replay(file: url, until: options.to, verify: true, feature: F.featureName, schema: F.schemaVersion)
      let startState = try replayer.replay(
        file: url, until: from - 1, verify: true, feature: F.featureName, schema: F.schemaVersion
      ).state
      let reader = try LogReader(file: url)
      // The test is written at the feature's schema: an older log's actions are upgraded.
      let migration = try MigrationChain(
        recorded: reader.header.schema, current: F.schemaVersion, migrations: F.migrations, feature: F.featureName,
        path: reader.path)
      var steps: [Step] = []
      var sawSend = false
      while let record = try reader.next() {
        guard case .event(let event) = record, event.seq >= from else { continue }
        if let to = options.to, event.seq > to { break }
        // An effect's action before the stretch's first send is sent: its send is before --from.
        let isSend = event.origin == .send || !sawSend
        sawSend = sawSend || isSend
        let action = migration.isEmpty ? event.actionJSON : String(decoding: try LogJSONEncoder().serialize(try migration.upgradeAction(event.action)), as: UTF8.self)
        steps.append(Step(seq: event.seq, isSend: isSend, actionJSON: action, draws: event.draws))
      }
      guard !steps.isEmpty else {
        throw HostError.badInput("\(options.file): no event from seq \(from)\(options.to.map { " to \($0)" } ?? "")")
      }
      return ((from - 1, try json(startState)), steps)
    } catch let divergence as ReplayDivergence {
      var error = HostError.diverged(divergence)
      error.message += "; this build does not reproduce the log, so a test written from it would fail at once"
      throw error
    } catch let error as LogReadError {
      throw HostError.badInput(error.description)
    }
  }

  /// The state after each event, as the generated test's store will reach them.
  ///
  /// The store's shared values are a replay's (``SharedValues``): the log's, never a file's.
  /// With the process's own registry, a file-backed key's file was read for a screen made on
  /// the way and written with each replayed change: test-gen overwrote the app's data.
  @MainActor
  private static func fold<F: RefoldFeature>(_ session: RecordedSession<F>, count: Int) async throws -> [String] {
    let states = StateCollector<F.State, F.Action>()
    let shared = SharedValues.replaying()
    _ = shared.seed(from: session.initialState)
    let store = shared.withValues {
      Store(
        initialState: session.initialState,
        reducer: RecordedEffects(base: F(environment: .replay), script: .init(session.actions)),
        plugins: [states])
    }
    for step in session.actions where step.isSend {
      await store.send(step.action).finish()
    }
    guard states.states.count == count else {
      throw HostError(.failure, "the stretch folded \(states.states.count) actions where the log holds \(count)")
    }
    return try states.states.map(json)
  }

  private static func json<State: Encodable>(_ state: State) throws -> String {
    String(decoding: try LogJSONEncoder().encode(state), as: UTF8.self)
  }

  /// `--name`, or the feature's name and the log's, as a Swift identifier.
  static func testName(_ options: Options, feature: String) -> String {
    if let name = options.name { return name }
    let base = URL(fileURLWithPath: options.file).deletingPathExtension().lastPathComponent
    return SwiftSource.identifier(feature + " " + base)
  }
}

/// Each commit's state, in order.
@MainActor
private final class StateCollector<State, Action>: StorePlugin {
  var states: [State] = []
  func didCommit(_ commit: Commit<State, Action>) { states.append(commit.state) }
}
