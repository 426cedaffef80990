import IssueReporting
import Testing
@testable import StoreCore

/// Exhaustivity off: only what the test asserts is checked.
@MainActor
struct TestStoreExhaustivityTests {
  @Test func withExhaustivityOffChangesTheAssertionDoesNotMentionPass() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off
    await store.send(.rename("iu"))
    await store.send(.set(3)) { $0.count = 3 }
    #expect(store.state == Counter.State(count: 3, label: "iu"))
  }

  @Test func withExhaustivityOffTheStateShowsWhatWasReceivedButNotAsserted() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard case .increment = action else { return .none }
        return .run { send in
          for tick in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(.note("tick \(tick)"))
          }
        }
      }
    )
    store.exhaustivity = .off
    await store.send(.increment)
    await clock.advance(by: .seconds(2))
    // Two ticks arrived and none was received by the test: the state shows both, as TCA's
    // non-exhaustive store does.
    #expect(store.state.log == ["tick 1", "tick 2"])
    await store.receive(.note("tick 1"))
    #expect(store.state.log == ["tick 1", "tick 2"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["tick 1", "tick 2", "tick 3"])
  }

  @Test func withExhaustivityOffWhatTheAssertionSetsMustHold() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.set(3)) { $0.count = 4 }
    } matching: { issue in
      issue.message.contains("does not match expectation")
        && issue.message.contains("−   count: 4")
        && issue.message.contains("+   count: 3")
    }
  }

  @Test func withExhaustivityOffReceivePassesOverActionsThatDoNotMatch() async {
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard case .increment = action else { return .none }
        return .merge(.send(.note("first")), .send(.note("second")), .send(.note("third")))
      }
    )
    store.exhaustivity = .off
    await store.send(.increment)
    await store.receive(.note("second")) { $0.log = ["first", "second"] }
    // "third" is left unreceived, which is not a failure with exhaustivity off.
    await store.finish()
  }

  @Test func withExhaustivityOffAMatchThatNeverComesStillFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    store.exhaustivity = .off
    await store.send(.increment)
    await withKnownIssue {
      await store.receive(.note("never"), timeout: .milliseconds(50))
    } matching: { $0.message.contains("received none") }
  }

  @Test func withExhaustivityOffLeftoversFailNeitherFinishNorRelease() async {
    let clock = VirtualClock()
    do {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
      store.exhaustivity = .off
      await store.send(.rename("slow"))
      await store.send(.increment)
      await store.send(.increment)  // with "bumped" unreceived
      await store.finish(timeout: .milliseconds(50))
      await store.send(.increment)
    }
    #expect(clock.sleepCount == 0)
  }

  @Test func showSkippedAssertionsRecordsWhatWasSkippedAsKnownIssues() async throws {
    // Each note is a known issue in Swift Testing (were it a failure, this test would fail);
    // a second reporter sees their text.
    let captured = CapturedIssues()
    await withIssueReporters(IssueReporters.current + [captured]) {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment)
      await store.send(.decrement)
      await store.finish()
    }
    let messages = captured.all.map(\.message)
    try #require(messages.count == 3)
    #expect(messages.allSatisfy { $0.hasPrefix("Skipped assertions: …") })
    #expect(messages[0].contains("State was not expected to change") && messages[0].contains("increment"))
    #expect(messages[1].contains("Must handle 1 received action"))
    #expect(messages[2].contains("State was not expected to change") && messages[2].contains("decrement"))
  }

  @Test func exhaustivityOffWithoutShowingSkippedAssertionsReportsNothing() async {
    let captured = CapturedIssues()
    await withIssueReporters(IssueReporters.current + [captured]) {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
      store.exhaustivity = .off
      await store.send(.increment)
      await store.send(.decrement)
    }
    #expect(captured.all.isEmpty)
  }
}

/// `skipInFlightEffects()`: stops tracking the effects running now, without cancelling them.
@MainActor
struct TestStoreSkipInFlightEffectsTests {
  @Test func skippedEffectsKeepRunningAndNoLongerFailFinish() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
    await store.send(.rename("iu")) { $0.label = "iu" }
    store.skipInFlightEffects()
    let wall = ContinuousClock()
    let start = wall.now
    await store.finish()
    // It did not wait its second for the skipped effect to end.
    #expect(wall.now - start < .milliseconds(500))
    #expect(clock.sleepCount == 1)
    // Still running: what it sends later must still be received.
    await clock.advance(by: .milliseconds(300))
    await store.receive(.note("results for iu")) { $0.log = ["results for iu"] }
    await store.finish()
  }

  @Test func aStoreReleasedWithOnlySkippedEffectsRunningReportsNothingAndCancelsThem() async {
    let clock = VirtualClock()
    do {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
      await store.send(.rename("iu")) { $0.label = "iu" }
      store.skipInFlightEffects()
    }
    #expect(clock.sleepCount == 0)
  }

  @Test func effectsStartedAfterTheSkipAreTracked() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
    await store.send(.rename("a")) { $0.label = "a" }
    store.skipInFlightEffects()
    await store.send(.rename("ab")) { $0.label = "ab" }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { $0.message.contains("1 effect(s) are still running") && $0.message.contains("\"ab\"") }
  }

  @Test func skippingWhenNoEffectRunsFailsUnlessNotStrict() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    withKnownIssue {
      store.skipInFlightEffects()
    } matching: { $0.message.contains("no in-flight effects to skip") }
    store.skipInFlightEffects(strict: false)
  }
}
