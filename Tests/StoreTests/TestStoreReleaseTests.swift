import Testing
@testable import StoreCore

/// A TestStore released without `finish()` fails for what is left, like `finish()` would.
@MainActor
struct TestStoreReleaseTests {
  @Test func aStoreReleasedWithAnUnreceivedActionFailsWithFinishsMessageAtItsCreation() async {
    let expected = TestStoreMessages.leftovers(received: [Counter.Action.note("bumped")], runningEffectsStartedBy: [])
    await withKnownIssue {
      let store = TestStore(
        initialState: Counter.State(),
        reducer: searchFeature(clock: VirtualClock()),
        line: 4242
      )
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      [issue.message] == expected && issue.sourceLocation?.line == 4242
    }
  }

  @Test func finishGivesTheSameMessageForAnUnreceivedAction() async {
    let expected = TestStoreMessages.leftovers(received: [Counter.Action.note("bumped")], runningEffectsStartedBy: [])
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.finish()
    } matching: { [$0.message] == expected }
  }

  @Test func aStoreReleasedWithARunningEffectFailsAndThenCancelsIt() async {
    let clock = VirtualClock()
    let expected = TestStoreMessages.leftovers(received: [Counter.Action](), runningEffectsStartedBy: [.rename("slow")])
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
      await store.send(.rename("slow")) { $0.label = "slow" }
      #expect(clock.sleepCount == 1)
    } matching: { [$0.message] == expected }
    // Cancelled: its sleep is gone, and no later advance can make it send.
    #expect(clock.sleepCount == 0)
  }

  @Test func aStoreReleasedAfterFinishReportedItsLeftoversReportsNothingMore() async {
    let clock = VirtualClock()
    do {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
      await store.send(.rename("slow")) { $0.label = "slow" }
      await withKnownIssue {
        await store.finish(timeout: .milliseconds(50))
      } matching: { $0.message.contains("still running") }
    }
    // Released above without a second report (which would fail this test), and cancelled.
    #expect(clock.sleepCount == 0)
  }

  @Test func aStoreReleasedAfterACleanFinishReportsNothing() async {
    let clock = VirtualClock()
    do {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: clock))
      await store.send(.rename("iu")) { $0.label = "iu" }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.note("results for iu")) { $0.log = ["results for iu"] }
      await store.finish()
    }
  }

  @Test func whatHappensAfterFinishIsReportedWhenTheStoreIsReleased() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
      await store.finish()
      await store.send(.increment) { $0.count = 1 }
    } matching: { $0.message.contains("unexpected action(s)") && $0.message.contains("bumped") }
  }
}
