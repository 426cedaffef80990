import Foundation
import IssueReporting
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

struct Player: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
  var score = 0
}

/// A roster shared by key, and a screen that holds one player of it, derived by its id.
struct Roster: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("roster")) var players: IdentifiedArrayOf<Player> = [
      Player(id: 1, name: "iu"), Player(id: 2, name: "bo"),
    ]
    var detail: PlayerDetail.State?
  }

  enum Action: Codable, Equatable, Sendable {
    case playerTapped(id: Int)
    case scored(id: Int)
    case left(id: Int)
    case detail(PlayerDetail.Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .playerTapped(let id):
        state.detail = state.$players[id: id].map(PlayerDetail.State.init(player:))
      case .scored(let id):
        state.players[id: id]?.score += 1
      case .left(let id):
        state.players.remove(id: id)
      case .detail:
        break
      }
      return .none
    }
    .ifLet(\.detail, action: Action.detail) { PlayerDetail() }
  }
}

struct PlayerDetail: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared var player: Player
    init(player: Shared<Player>) { _player = player }
  }

  enum Action: Codable, Equatable, Sendable {
    case renamed(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .renamed(let name) = action { state.player.name = name }
    return .none
  }
}

/// ★ Issue 49: a screen holds the one element of a shared array it shows (`$players[id: id]`),
/// and a write to the element or to the array reaches the other, in the store, in a TestStore,
/// and in a replay of the log.
@MainActor
struct SharedElementTests {
  @Test func aWriteToTheElementReachesTheArrayAndBack() {
    SharedValues().withValues {
      let store = Store(initialState: Roster.State(), reducer: Roster())
      store.send(.playerTapped(id: 2))
      #expect(store.state.detail?.player == Player(id: 2, name: "bo"))
      #expect(store.state.detail?.$player.key.id == "inMemory:roster[id:2]")
      store.send(.detail(.renamed("bora")))
      #expect(store.state.players[id: 2]?.name == "bora")
      #expect(store.state.detail?.player.name == "bora")
      store.send(.scored(id: 2))
      #expect(store.state.detail?.player == Player(id: 2, name: "bora", score: 1))
      // A write to another element leaves this one as it is.
      store.send(.scored(id: 1))
      #expect(store.state.detail?.player.score == 1)
      #expect(store.state.players[id: 1]?.score == 1)
    }
  }

  @Test func noSuchElementIsNilAndALeftElementKeepsItsLastValue() {
    SharedValues().withValues {
      let store = Store(initialState: Roster.State(), reducer: Roster())
      #expect(store.state.$players[id: 9] == nil)
      store.send(.playerTapped(id: 9))
      #expect(store.state.detail == nil)
      store.send(.playerTapped(id: 1))
      store.send(.left(id: 1))
      #expect(Array(store.state.players.ids) == [2])
      #expect(store.state.detail?.player == Player(id: 1, name: "iu"))
      // Its writes no longer reach the array.
      store.send(.detail(.renamed("ghost")))
      #expect(Array(store.state.players.ids) == [2])
      #expect(store.state.detail?.player.name == "ghost")
    }
  }

  @Test func aTestStoreAssertsTheElementAndTheArrayTogether() async {
    let store = TestStore(initialState: Roster.State(), reducer: Roster())
    await store.send(.playerTapped(id: 1)) {
      $0.detail = PlayerDetail.State(player: $0.$players[id: 1]!)
    }
    await store.send(.detail(.renamed("iu!"))) {
      // One of the two set; the other follows, as in the store.
      $0.detail?.player.name = "iu!"
    }
    #expect(store.state.players[id: 1]?.name == "iu!")
    await store.send(.scored(id: 1)) {
      $0.players[id: 1]?.score = 1
    }
    #expect(store.state.detail?.player.score == 1)
  }

  @Test func aLogOfItReplaysVerified() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let live = try await SharedValues().withValues {
      let recorder = try Recorder<Roster.State, Roster.Action>(
        file: file, feature: "roster", initialState: Roster.State(), options: RecorderOptions(fsync: .never, checkpointInterval: 2))
      let store = Store(initialState: Roster.State(), reducer: Roster(), plugins: [recorder])
      store.send(.playerTapped(id: 2))
      store.send(.detail(.renamed("bora")))
      store.send(.scored(id: 2))
      store.send(.detail(.renamed("bora!")))
      try await recorder.close()
      return store.state
    }
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""shared":"inMemory:roster[id:2]""#), "\(text)")
    let replayed = try Replayer(reducer: Roster()).replay(file: file, verify: true)
    #expect(replayed.state == live)
    #expect(replayed.state.players[id: 2] == Player(id: 2, name: "bora!", score: 1))
    #expect(replayed.verifiedCheckpoints == 2)
  }

  @Test func aKeyReadBackFromALogFindsItsElement() throws {
    let key = try #require(SharedKey<Player>(id: #"inMemory:roster[id:2]"#))
    #expect(key.element?.parentID == "inMemory:roster")
    #expect(key.element?.id == .int(2))
    let uuid = try #require(SharedKey<Player>(id: #"file:/srv/x.json[id:"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#))
    #expect(uuid.element?.id == .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    #expect(SharedKey<Player>(id: "inMemory:roster[id:{]") == nil)
    #expect(SharedKey<Player>(id: "roster[id:2]") == nil)
    #expect(SharedKey<Player>(id: "inMemory:roster[id:1][id:2]") == nil)
  }
}
