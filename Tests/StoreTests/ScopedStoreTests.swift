import IdentifiedCollections
import Testing
@testable import StoreCore

/// A parent with two counters, for a child view that binds and sends through a scope.
private struct Pair: Reducer {
  struct State: Equatable, Sendable {
    var left = Counter.State()
    var right = Counter.State()
  }
  enum Action: Equatable, Sendable {
    case left(Counter.Action)
    case right(Counter.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: Action.left) { Counter() }
    Scope(state: \.right, action: Action.right) { Counter() }
  }
}

@MainActor
struct ScopedStoreTests {
  @Test func aScopeReadsAndSendsThroughItsParent() {
    let store = Store(initialState: Pair.State(), reducer: Pair())
    let left = store.scope(state: \.left, action: Pair.Action.left)
    left.send(.increment)
    left.send(.increment)
    #expect(left.state.count == 2)
    #expect(store.state.left.count == 2)
    #expect(store.state.right.count == 0)
    #expect(store.commitCount == 2)
  }

  @Test func aScopesBindingIsTheParentsBindingAtTheJoinedPath() {
    let store = Store(initialState: Pair.State(), reducer: Pair())
    let left = store.scope(state: \.left, action: Pair.Action.left)
    var seen: [Int] = []
    let binding = left.bind(\.count) { seen.append($0) }
    #expect(store.bindings.indexed.count + store.bindings.scanned.count == 1)
    store.send(.right(.increment))   // another part of the state: not called
    left.send(.increment)
    store.send(.left(.set(5)))
    #expect(seen == [0, 1, 5])
    binding.cancel()
    left.send(.increment)
    #expect(seen == [0, 1, 5])
  }

  @Test func selectorBindingsAndScopesOfScopes() {
    struct Outer: Reducer {
      struct State: Equatable, Sendable { var pair = Pair.State() }
      enum Action: Equatable, Sendable { case pair(Pair.Action) }
      var body: some Reducer<State, Action> {
        Scope(state: \.pair, action: Action.pair) { Pair() }
      }
    }
    let store = Store(initialState: Outer.State(), reducer: Outer())
    let right = store.scope(state: \.pair, action: Outer.Action.pair).scope(state: \.right, action: Pair.Action.right)
    var evens: [Bool] = []
    let binding = right.bind({ $0.count % 2 == 0 }) { evens.append($0) }
    right.send(.increment)
    right.send(.increment)
    #expect(store.state.pair.right.count == 2)
    #expect(evens == [true, false, true])
    withExtendedLifetime(binding) {}
  }
}
