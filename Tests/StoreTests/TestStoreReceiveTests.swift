import Testing
@testable import StoreCore

/// Receiving by case (an `ActionPath`) or by predicate, and what a timeout says.
@MainActor
struct TestStoreReceiveTests {
  @Test func receivingByCaseMatchesWhateverThePayload() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await store.receive(Counter.Action.notePath) { $0.log = ["bumped"] }
    await store.finish()
  }

  @Test func receivingByTheCasesConstructorMatchesWhateverThePayload() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await store.receive(Counter.Action.note) { $0.log = ["bumped"] }
    await store.finish()
  }

  @Test func receivingByTheCasesConstructorFailsWhenAnotherCaseArrives() async {
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { $0 == .increment ? .send(.set(7)) : .none }
    )
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(Counter.Action.note) { $0.count = 7 }
    }
  }

  @Test func receivingByCaseFailsWhenAnotherCaseArrives() async {
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { $0 == .increment ? .send(.set(7)) : .none }
    )
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(Counter.Action.notePath) { $0.count = 7 }
    } matching: { $0.message.contains("unexpected action") && $0.message.contains(".set(7)") }
  }

  @Test func receivingByCaseAndPayloadShowsThePayloadsDifference() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await withKnownIssue {
      await store.receive(Counter.Action.notePath, "bumper") { $0.log = ["bumped"] }
    } matching: { issue in
      issue.message.contains("unexpected action")
        && issue.message.contains("- \"bumper\"")
        && issue.message.contains("+ \"bumped\"")
    }
    await store.finish()
  }

  @Test func receivingByCaseAndPayloadPassesForTheSamePayload() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await store.receive(Counter.Action.notePath, "bumped") { $0.log = ["bumped"] }
    await store.finish()
  }

  @Test func receivingByPredicate() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.increment) { $0.count = 1 }
    await store.receive({ if case let .note(text) = $0 { text.hasPrefix("bump") } else { false } }) {
      $0.log = ["bumped"]
    }
    await store.finish()
  }

  @Test func withExhaustivityOffReceivingByCasePassesOverOtherCases() async {
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Scripted { $0 == .increment ? .merge(.send(.set(7)), .send(.note("done"))) : .none }
    )
    store.exhaustivity = .off
    await store.send(.increment)
    await store.receive(Counter.Action.notePath) { $0.log = ["done"] }
    #expect(store.state.count == 7)
  }

  @Test func aTimeoutWhileAnEffectSleepsOnTheClockSaysToAdvanceIt() async {
    let store = TestStore(initialState: Counter.State(), reducer: searchFeature(clock: VirtualClock()))
    await store.send(.rename("iu")) { $0.label = "iu" }
    await withKnownIssue {
      await store.receive(.note("results for iu"), timeout: .milliseconds(50))
    } matching: { $0.message.contains("received none") && $0.message.contains("advance the clock") }
    store.skipInFlightEffects()
  }
}
