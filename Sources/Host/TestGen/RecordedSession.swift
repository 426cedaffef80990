import IssueReporting
public import Store

/// A stretch of a recorded log as a `TestStore` test: what `refold test-gen` writes uses it.
///
/// The session holds the log's actions in order, each sent by the user (`.send`) or
/// by an effect (`.effect`), as the JSON the log holds. Its `testStore()`
/// runs the feature's reducer with its effects stubbed: a sent action's effect hands back the
/// actions that the log recorded from effects after it, so the test needs no network, no
/// clock and no server, and receives exactly what the recording received.
///
/// ```swift
/// let session = try RecordedSession<MusicSearch>(initialState: #"{"query":""}"#, events: [
///   .send(#"{"queryChanged":{"_0":"b"}}"#),
///   .effect(#"{"searchResponse":{"_0":{"success":{"_0":[]}}}}"#),
/// ])
/// let store = session.testStore()
/// await store.send(session.action(1)) { $0 = try session.state(#"{"query":"b","isSearching":true}"#) }
/// await store.receive(session.isAction(2)) { $0 = try session.state(#"{"query":"b"}"#) }
/// await store.finish()
/// ```
public struct RecordedSession<Feature: RefoldFeature>: Sendable {
  /// One recorded action, as the JSON of its Codable shape, with what the reducer drew
  /// (`uuid`, `date`, random numbers) while it folded it, which the test hands back.
  public enum Event: Sendable {
    /// Sent by the user: the test sends it.
    case send(String, draws: [Draw] = [])
    /// Sent by an effect: the test receives it.
    case effect(String, draws: [Draw] = [])
  }

  public let initialState: Feature.State
  /// The actions in the log's order, decoded.
  let actions: [RecordedAction<Feature.Action>]

  /// Decodes the initial state and the actions.
  ///
  /// - Throws: ``RecordedSession/DecodingFailure`` naming the event that does not decode into
  ///   the feature's current `Action` (the feature changed shape since the test was written).
  public init(initialState: String, events: [Event]) throws {
    self.initialState = try Self.decode(Feature.State.self, initialState, what: "the initial state")
    actions = try events.enumerated().map { index, event in
      switch event {
      case .send(let json, let draws):
        RecordedAction(isSend: true, action: try Self.decode(Feature.Action.self, json, what: "action \(index + 1)"), draws: draws)
      case .effect(let json, let draws):
        RecordedAction(isSend: false, action: try Self.decode(Feature.Action.self, json, what: "action \(index + 1)"), draws: draws)
      }
    }
  }

  /// The session's `number`th action (1-based, in the log's order).
  public func action(_ number: Int) -> Feature.Action {
    actions[number - 1].action
  }

  /// Whether a received action is the session's `number`th: their JSON is the same.
  public func isAction(_ number: Int) -> @Sendable (Feature.Action) -> Bool {
    let expected = Self.json(actions[number - 1].action)
    return { Self.json($0) == expected }
  }

  /// A state from the JSON of its Codable shape.
  public func state(_ json: String) throws -> Feature.State {
    try Self.decode(Feature.State.self, json, what: "a state")
  }

  /// A test store at the initial state, with the feature as a replay builds it, whose effects
  /// are the recorded ones.
  ///
  /// `prepareDependencies` overrides what the reducer reads itself (a setting, an authorization
  /// status), as `TestStore`'s does. What it drew (`uuid`, `date`, random numbers) is handed back
  /// from the recording whatever the overrides say.
  @MainActor
  public func testStore(
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> TestStore<Feature.State, Feature.Action> {
    testStore(
      reducer: Feature(environment: .replay), withDependencies: prepareDependencies,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A test store at the initial state with another reducer of the feature's types (a changed
  /// one, say), whose effects are the recorded ones.
  @MainActor
  public func testStore<R: Reducer<Feature.State, Feature.Action>>(
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> TestStore<Feature.State, Feature.Action> {
    TestStore(
      initialState: initialState, reducer: RecordedEffects(base: reducer, script: .init(actions)),
      withDependencies: prepareDependencies,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// An action or a state of the session that does not decode.
  public struct DecodingFailure: Error, CustomStringConvertible {
    public var description: String
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ json: String, what: String) throws -> T {
    do {
      return try LogJSONDecoder().decode(type, from: Array(json.utf8))
    } catch {
      throw DecodingFailure(description: "\(what) does not decode as \(type): \(error)")
    }
  }

  private static func json(_ action: Feature.Action) -> [UInt8]? {
    try? LogJSONEncoder().encode(action)
  }
}

/// One action of a recording, with what the reducer drew while folding it.
struct RecordedAction<Action: Sendable>: Sendable {
  var isSend: Bool
  var action: Action
  var draws: [Draw]
}

/// A reducer whose effects are a recording's: each action is reduced by `base`, whose effects
/// are dropped, and a sent action's effect sends the actions the recording received after it.
/// The values `base` draws (`uuid`, `date`, random numbers) are the recorded ones, as in a
/// replay.
///
/// Actions are matched to the recording by their order, which a `TestStore` keeps: the test
/// sends and receives them in the log's order.
struct RecordedEffects<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base
  let script: Script

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let (draws, responses) = script.advance()
    let tape = DrawTape(mode: .replaying)
    tape.begin(replaying: draws)
    DrawTape.installOnThisThread(tape)
    _ = base.reduce(into: &state, action: action)
    DrawTape.installOnThisThread(nil)
    if let problem = tape.replayProblem() {
      reportIssue("The reducer did not draw what the recording drew: \(problem)")
    }
    guard !responses.isEmpty else { return .none }
    return .run { send in
      for response in responses { await send(response) }
    }
  }

  /// Where the test is in the recording.
  final class Script: @unchecked Sendable {
    // NB: @unchecked: touched only from the reducer, which a store runs on the main actor.
    private let actions: [RecordedAction<Base.Action>]
    private var next = 0

    init(_ actions: [RecordedAction<Base.Action>]) { self.actions = actions }

    /// Moves past the action being reduced: its recorded draws, and for a sent one the
    /// effects' actions after it.
    func advance() -> (draws: [Draw], responses: [Base.Action]) {
      guard next < actions.count else { return ([], []) }
      let current = actions[next]
      next += 1
      guard current.isSend else { return (current.draws, []) }
      var responses: [Base.Action] = []
      var index = next
      while index < actions.count, !actions[index].isSend {
        responses.append(actions[index].action)
        index += 1
      }
      return (current.draws, responses)
    }
  }
}
