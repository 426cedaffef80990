import Foundation
import Testing
@testable import StoreCore

/// A screen of a drill-down that loads after a second, and can close itself.
private struct Detail: Reducer {
  struct State: Equatable, Codable, Sendable {
    var name: String
    var isLoaded = false
  }
  enum Action: Equatable, Codable, Sendable {
    case load
    case loaded
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [clock] send in
        try? await clock.sleep(for: .seconds(1))
        await send(.loaded)
      }
    case .loaded:
      state.isLoaded = true
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

private struct Browser: Reducer {
  struct State: Equatable, Codable, Sendable {
    var path = StackState<Detail.State>()
    var popped: [String] = []
  }
  enum Action: Equatable, Codable, Sendable {
    case open(String)
    case path(StackAction<Detail.State, Detail.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .open(name):
        state.path.append(Detail.State(name: name))
      case let .path(.popFrom(id)):
        // The parent sees the screens before they leave.
        state.popped.append(state.path[id: id]?.name ?? "?")
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Detail() }
  }
}

/// Issue 24, stacks: stable ids, push, pop from an id, an element's action, the lifetime of
/// the screens' effects, and the log's shape.
@MainActor
struct StackTests {
  @Test func idsAreGivenInOrderAndNeverReused() {
    var stack = StackState<String>(["a", "b"])
    #expect(stack.ids == [0, 1])
    stack.popLast()
    let c = stack.append("c")
    #expect(c == 2)
    #expect(stack.ids == [0, 2])
    let poppedFromZero = stack.pop(from: 0)
    #expect(poppedFromZero && stack.isEmpty)
    let poppedUnknown = stack.pop(from: 7)
    #expect(!poppedUnknown)
    let d = stack.append("d")
    #expect(d == 3)
  }

  @Test func anElementsActionChangesOnlyItsScreen() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Browser.State(), reducer: Browser()) { $0.continuousClock = clock }
    await store.send(.open("iu")) { $0.path.append(Detail.State(name: "iu")) }
    await store.send(.open("son")) { $0.path.append(Detail.State(name: "son")) }
    await store.send(.path(.element(id: 1, action: .load)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .loaded))) { $0.path[id: 1]?.isLoaded = true }
    await store.finish()
  }

  @Test func poppingCancelsThePoppedScreensEffects() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Browser.State(), reducer: Browser()) { $0.continuousClock = clock }
    await store.send(.open("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.open("b")) { $0.path.append(Detail.State(name: "b")) }
    await store.send(.open("c")) { $0.path.append(Detail.State(name: "c")) }
    await store.send(.path(.element(id: 0, action: .load)))
    await store.send(.path(.element(id: 2, action: .load)))
    await store.send(.path(.popFrom(id: 1))) {
      $0.popped = ["b"]
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(1))
    // Only the screen still on the stack answers; #2's load was cancelled with it.
    await store.receive(.path(.element(id: 0, action: .loaded))) { $0.path[id: 0]?.isLoaded = true }
    await store.finish()
  }

  @Test func aScreenPopsItselfThroughDismiss() async {
    let store = TestStore(initialState: Browser.State(), reducer: Browser())
    await store.send(.open("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.open("b")) { $0.path.append(Detail.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.popped = ["a"]
      $0.path.removeAll()
    }
    await store.finish()
  }

  @Test func aPushNamesTheIdTheScreenGets() async {
    let store = TestStore(initialState: Browser.State(), reducer: Browser())
    await store.send(.path(.push(id: 4, state: Detail.State(name: "x")))) {
      $0.path = try JSONDecoder().decode(
        StackState<Detail.State>.self,
        from: Data(#"{"nextID":5,"elements":[{"id":4,"state":{"name":"x","isLoaded":false}}]}"#.utf8))
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 2, state: Detail.State(name: "y"))))
    } matching: { issue in
      issue.description.contains("push with id 2, which is taken")
    }
    await store.finish()
  }

  @Test func badStackActionsAreReportedAndChangeNothing() async {
    let store = TestStore(initialState: Browser.State(), reducer: Browser())
    await store.send(.open("a")) { $0.path.append(Detail.State(name: "a")) }
    await withKnownIssue {
      // The parent still sees the action (it finds no screen to name); the stack is unchanged.
      await store.send(.path(.popFrom(id: 9))) { $0.popped = ["?"] }
    } matching: { issue in
      issue.description.contains("pop from id 9, which is not on the stack (ids: 0)")
    }
    await withKnownIssue {
      await store.send(.path(.element(id: 9, action: .load)))
    } matching: { issue in
      issue.description.contains("screen that is not on the stack: 9")
    }
    await store.finish()
  }

  @Test func theLogNamesEachScreenByItsId() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var state = Browser.State()
    state.path.append(Detail.State(name: "a"))
    let json = String(decoding: try encoder.encode(state.path), as: UTF8.self)
    #expect(json == #"{"elements":[{"id":0,"state":{"isLoaded":false,"name":"a"}}],"nextID":1}"#)
    #expect(try JSONDecoder().decode(StackState<Detail.State>.self, from: Data(json.utf8)) == state.path)

    let action = Browser.Action.path(.element(id: 0, action: .load))
    let line = String(decoding: try encoder.encode(action), as: UTF8.self)
    #expect(line == #"{"path":{"_0":{"element":{"action":{"load":{}},"id":0}}}}"#)

    let repeated = #"{"nextID":2,"elements":[{"id":1,"state":{"name":"a","isLoaded":false}},{"id":1,"state":{"name":"b","isLoaded":false}}]}"#
    #expect {
      try JSONDecoder().decode(StackState<Detail.State>.self, from: Data(repeated.utf8))
    } throws: { error in
      String(describing: error).contains("stack element id 1 is repeated")
    }
  }
}
