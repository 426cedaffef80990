import CounterFeature
import Store
import Testing

/// A user's test of a debounced feature, on Refold's `VirtualClock`: time moves only when the
/// test says, and only once the effects have reached their sleep (no yielding and hoping).
@MainActor
struct CounterTests {
  @Test func tapsCloserThanTheDebounceIncrementOnce() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.continuousClock = clock }
    await store.send(.delayedIncrementTapped)
    await clock.advance(by: .milliseconds(5))
    await store.send(.delayedIncrementTapped)
    await clock.advance(by: .milliseconds(9))
    #expect(store.state.count == 0)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.incrementTapped) { $0.count = 1 }
    await store.finish()
    #expect(store.state.count == 1)
  }

  @Test func cancellingTheDebouncedIncrementLeavesTheCount() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.continuousClock = clock }
    await store.send(.delayedIncrementTapped)
    await store.send(.cancelTapped)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.count == 0)
  }

  @Test func aFactComesFromTheClientTheTestGives() async {
    let store = TestStore(initialState: Counter.State(count: 3), reducer: Counter()) {
      $0.facts = FactClient { "\($0) is the number of primary colours" }
    }
    await store.send(.factTapped)
    await store.receive(.factResponse("3 is the number of primary colours")) {
      $0.fact = "3 is the number of primary colours"
    }
    await store.finish()
  }
}
