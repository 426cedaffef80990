import Testing
@testable import EventLog
@testable import StoreCore

@MainActor
struct TestStoreTests {
  @Test func aFullyAssertedFlowPasses() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
    await store.send(.rename("iu")) { $0.label = "iu" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.note("results for iu")) { $0.log = ["results for iu"] }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.note("bumped")) { $0.log.append("bumped") }
    await store.finish()
    #expect(store.state.log == ["results for iu", "bumped"])
  }

  @Test func anUnassertedStateChangeFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("State was not expected to change")
        && issue.description.contains("−   count: 0")
        && issue.description.contains("+   count: 1")
    }
  }

  @Test func aWrongAssertionFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await withKnownIssue {
      await store.send(.set(3)) { $0.count = 4 }
    } matching: { issue in
      issue.description.contains("does not match expectation")
        && issue.description.contains("−   count: 4")
        && issue.description.contains("+   count: 3")
    }
  }

  @Test func anActionNeverReceivedFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await withKnownIssue {
      await store.receive(.note("never"), timeout: .milliseconds(50))
    } matching: { $0.description.contains("received none") }
  }

  @Test func anUnexpectedReceivedActionFailsWithADiff() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(.note("something else")) { $0.log = ["bumped"] }
    } matching: { issue in
      issue.description.contains("unexpected action") && issue.description.contains("bumped")
    }
  }

  @Test func sendingBeforeHandlingReceivedActionsFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { $0.description.contains("Must handle 1 received action") }
    // The second "bumped", so that the store is released with nothing left.
    await store.receive(.note("bumped")) { $0.log = ["bumped", "bumped"] }
  }

  @Test func anEffectStillRunningAtFinishFails() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
    await store.send(.rename("slow")) { $0.label = "slow" }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("still running") && issue.description.contains("rename")
    }
  }

  @Test func anUnreceivedActionAtFinishFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.finish()
    } matching: { $0.description.contains("unexpected action") }
  }

  @Test func skipReceivedActionsAcceptsTheirState() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    store.skipReceivedActions()
    await store.send(.decrement) { $0.count = 0 }
    await store.finish()
    #expect(store.state.log == ["bumped"])
  }

  @Test func cancelInFlightLeavesOnlyTheLastResponseToReceive() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
    await store.send(.rename("a")) { $0.label = "a" }
    await store.send(.rename("ab")) { $0.label = "ab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.note("results for ab")) { $0.log = ["results for ab"] }
    await store.finish()
  }

  @Test func aSendWaitsForItsEffectToReachItsSleepEvenWhenTheBodyIsSlowToGetThere() async {
    // The body works for a while before it registers its sleep. Had `send` returned when the
    // body merely began, the clock below would move before the sleep existed, and the sleep
    // would then wait for an advance that never comes.
    let clock = VirtualClock()
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard case .increment = action else { return .none }
        return .run { send in
          withExtendedLifetime(busyChecksum(iterations: 3_000_000)) {}
          try await clock.sleep(for: .seconds(1))
          await send(.note("woke"))
        }
      }
    )
    await store.send(.increment) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.note("woke")) { $0.log = ["woke"] }
    await store.finish()
  }

  @Test func anEffectThatNeverSettlesDoesNotHoldUpSend() async {
    // It yields until cancelled, so the tracker is never quiet: `send` still returns, after
    // the effect's thousand more steps (without that limit, only at the 30-second cap).
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard case .increment = action else { return .none }
        return .run { _ in
          while !Task.isCancelled { await Task.yield() }
        }
        .cancellable(id: SearchCancelID.search)
      }
    )
    let clock = ContinuousClock()
    let start = clock.now
    let task = await store.send(.increment) { $0.count = 1 }
    // Far below the 30-second cap for a single stuck step: the step count ended the wait.
    #expect(clock.now - start < .seconds(10))
    #expect(task.isRunning)
    task.cancel()
    await store.finish()
  }
}

/// Work with no suspension point in it, long enough (tens of milliseconds in a debug build)
/// that another thread gets well ahead while it runs.
private func busyChecksum(iterations: UInt64) -> UInt64 {
  var sum: UInt64 = 0
  for i in 0..<iterations { sum = sum &* 31 &+ i }
  return sum
}
