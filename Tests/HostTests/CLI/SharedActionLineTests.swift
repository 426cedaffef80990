import EventLog
import Foundation
import Store
import Testing

@testable import Host

/// Issue 49: a line of `refold run` that pushes a screen with its state carries a copy of a
/// shared value written down earlier. The run decodes it with the store's values
/// (`Store.decodingAction`), so the screen's first write adds to the list rather than putting
/// the stale copy back over it.
@Suite(.serialized)
@MainActor
struct SharedActionLineTests {
  struct Party: RefoldFeature {
    struct State: Codable, Equatable, Sendable {
      @Shared(.inMemory("guests")) var guests: [String] = []
      @Presents var list: GuestList.State?
    }

    enum Action: Codable, Equatable, Sendable {
      case invite(String)
      case open(GuestList.State)
      case list(PresentationAction<GuestList.Action>)
    }

    static let featureName = "party"
    static let summary = "A shared guest list, and a screen of it."
    static let exampleActions: [Action] = [.invite("iu")]
    static func initialState(in environment: FeatureEnvironment) -> State { State() }
    init(environment: FeatureEnvironment) {}

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .invite(let name): state.guests.append(name)
        case .open(let list): state.list = list
        case .list: break
        }
        return .none
      }
      .ifLet(\.$list, action: Action.list) { GuestList() }
    }
  }

  struct GuestList: Reducer {
    struct State: Codable, Equatable, Sendable {
      @Shared(.inMemory("guests")) var guests: [String] = []
    }

    enum Action: Codable, Equatable, Sendable {
      case invite(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .invite(let name): state.guests.append(name)
      }
      return .none
    }
  }

  @Test func aPushedScreensSharedListTakesTheStoresValueAndLosesNoGuest() async throws {
    let directory = try TemporaryDirectory()
    let actions = directory.url.appendingPathComponent("party.jsonl")
    let log = directory.url.appendingPathComponent("party.log")
    let encode = { (action: Party.Action) in String(decoding: try JSONEncoder().encode(action), as: UTF8.self) }
    let lines = [
      try encode(.invite("iu")),
      // The screen's state as it was written down before anyone was invited.
      #"{"open":{"_0":{"guests":{"shared":"inMemory:guests","value":[]}}}}"#,
      try encode(.list(.presented(.invite("son")))),
    ]
    try (lines.joined(separator: "\n") + "\n").write(to: actions, atomically: true, encoding: .utf8)
    let configuration = HostConfiguration(commandName: "party-tool", features: [Party.self])
    let status = await Refold.run(configuration, arguments: ["run", "party", "--actions", actions.path, "--record", log.path])
    #expect(status == 0)
    let replayed = try Replayer(reducer: Party(environment: .replay)).replay(file: log, verify: true)
    #expect(replayed.state.guests == ["iu", "son"])
    #expect(replayed.state.list?.guests == ["iu", "son"])
  }
}
