import Testing
@testable import StoreCore

/// A feature that reads its clock as a dependency: `rename` answers after 300 ms; `increment`
/// sends one note after 100 ms and another 100 ms later; `decrement` answers after 2 s.
private struct Timed: Reducer {
  typealias State = Counter.State
  typealias Action = Counter.Action
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    _ = Counter().reduce(into: &state, action: action)
    switch action {
    case let .rename(query):
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.note("results for \(query)"))
      }
    case .increment:
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(100))
        await send(.note("first"))
        try await clock.sleep(for: .milliseconds(100))
        await send(.note("second"))
      }
    case .decrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(2))
        await send(.note("late"))
      }
    default:
      return .none
    }
  }
}

/// `receive`'s timeout on the injected `VirtualClock`: time passes on that clock while it
/// waits, up to the timeout, and stops where the action came.
@MainActor
struct TestStoreVirtualTimeoutTests {
  @Test func receivingLetsTheInjectedClocksTimePassUntilTheActionComes() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Timed()) { $0.continuousClock = clock }
    await store.send(.rename("iu")) { $0.label = "iu" }
    #expect(clock.now.offset == .zero)
    await store.receive(.note("results for iu")) { $0.log = ["results for iu"] }
    #expect(clock.now.offset == .milliseconds(300))
    await store.finish()
  }

  @Test func eachReceiveMovesTheClockOnlyAsFarAsItsOwnAction() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Timed()) { $0.continuousClock = clock }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.note("first")) { $0.log = ["first"] }
    #expect(clock.now.offset == .milliseconds(100))
    await store.receive(.note("second")) { $0.log = ["first", "second"] }
    #expect(clock.now.offset == .milliseconds(200))
    await store.finish()
  }

  @Test func anActionDueAfterTheTimeoutFailsOnTheClocksTime() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Timed()) { $0.continuousClock = clock }
    await store.send(.decrement) { $0.count = -1 }
    await withKnownIssue {
      await store.receive(.note("late"), timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("within 0.05 seconds of the VirtualClock's time (it stayed at 0.0 seconds)")
        && issue.description.contains("sleeps on the clock until 2.0 seconds")
    }
    // The sleep due after the timeout was not woken.
    #expect(clock.now.offset == .zero)
    #expect(clock.sleepCount == 1)
    await clock.advance(by: .seconds(2))
    await store.receive(.note("late")) { $0.log = ["late"] }
    await store.finish()
  }

  @Test func aTimeoutAsLongAsTheSleepIsEnough() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Timed()) { $0.continuousClock = clock }
    await store.send(.decrement) { $0.count = -1 }
    await store.receive(.note("late"), timeout: .seconds(2)) { $0.log = ["late"] }
    #expect(clock.now.offset == .seconds(2))
    await store.finish()
  }
}
