import Testing
@testable import StoreCore

/// A to-do, written with TCA's type aliases.
private struct Todo: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var isComplete = false
  }
  enum Action: Equatable, Sendable { case toggled }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isComplete.toggle()
      return .none
    }
  }
}

/// A list of to-dos on a timer, with the helpers a TCA feature reaches for.
private struct Todos: Reducer {
  struct State: Equatable, Sendable {
    var todos: IdentifiedArrayOf<Todo.State> = []
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case todos(IdentifiedActionOf<Todo>)
    case startTimer
    case stopTimer
    case tickInAMinute
    case tick
  }
  private enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .tickInAMinute:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(60))
          await send(.tick)
        }
      case .tick:
        state.ticks += 1
        return .none
      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: Action.todos) { Todo() }
  }
}

/// Issue 49, point 12: what a TCA feature and its tests use beside the store comes with
/// `import StoreCore`.
@MainActor
struct PortingHelpersTests {
  @Test func aTimerOnTheVirtualClockTicksOncePerInterval() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Todos.State(), reducer: Todos()) { $0.continuousClock = clock }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stopTimer)
    await store.finish()
  }

  @Test func anImmediateClockEndsASleepAtOnce() async {
    let store = TestStore(initialState: Todos.State(), reducer: Todos()) { $0.continuousClock = ImmediateClock() }
    await store.send(.tickInAMinute)
    await store.receive(.tick) { $0.ticks = 1 }
    await store.finish()
  }

  @Test func anElementActionIsAnIdentifiedActionOf() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo.State(id: 1), Todo.State(id: 2)]), reducer: Todos())
    await store.send(.todos(.element(id: 2, action: .toggled))) { $0.todos[id: 2]?.isComplete = true }
  }

  @Test func assertChecksTheCurrentStateWithoutAnAction() async {
    let store = TestStore(initialState: Todos.State(todos: [Todo.State(id: 1)]), reducer: Todos())
    store.exhaustivity = .off
    await store.send(.todos(.element(id: 1, action: .toggled)))
    store.assert { $0.todos[id: 1]?.isComplete = true }
    withKnownIssue {
      store.assert { $0.ticks = 5 }
    } matching: { issue in
      issue.description.contains("does not match the assertion") && issue.description.contains("ticks: 5")
    }
  }

  @Test func withExhaustivityOffChecksOnlyWhatTheBlockAssertsThenTurnsItBackOn() async {
    let store = TestStore(initialState: Todos.State(todos: [Todo.State(id: 1)]), reducer: Todos())
    await store.withExhaustivity(.off) {
      await store.send(.todos(.element(id: 1, action: .toggled)))
    }
    #expect(store.exhaustivity == .on)
    await withKnownIssue {
      await store.send(.todos(.element(id: 1, action: .toggled)))
    } matching: { $0.description.contains("State was not expected to change") }
  }

  @Test func lockIsolatedTaskNeverAndAnAsyncResultComeWithTheStore() async throws {
    let calls = LockIsolated(0)
    let never = Task {
      calls.withValue { $0 += 1 }
      try await Task.never()
    }
    never.cancel()
    let ended = await Result { try await never.value }
    #expect(throws: CancellationError.self) { try ended.get() }
    #expect(calls.value == 1)
  }
}
