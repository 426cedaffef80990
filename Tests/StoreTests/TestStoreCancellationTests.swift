import Foundation
import InternalTestSupport
import Testing
@testable import StoreCore

/// A number-fact screen, as in the effect-cancellation and refreshable case studies: a request
/// that the user can cancel, and a refresh whose `StoreTask` the view awaits.
private struct NumberFact: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoading = false
  }
  enum Action: Equatable, Sendable {
    case factTapped
    case refresh
    case cancelTapped
    case factResponse(String)
  }
  private enum CancelID { case fact }

  /// The fact client, given per test.
  let fetch: @Sendable (Int) async throws -> String

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .factTapped, .refresh:
      state.isLoading = true
      state.fact = nil
      return .run { [count = state.count, fetch] send in
        // Sent even when the fetch fails, as a client that answers "no fact" would: it is
        // dropped all the same once the request is cancelled.
        let fact = (try? await fetch(count)) ?? "no fact"
        await send(.factResponse(fact))
      }
      .cancellable(id: CancelID.fact)
    case .cancelTapped:
      state.isLoading = false
      return .cancel(id: CancelID.fact)
    case let .factResponse(fact):
      state.isLoading = false
      state.fact = fact
      return .none
    }
  }
}

/// A screen on a one-second timer that closes itself through `dismiss`, tested alone.
private struct Stopwatch: Reducer {
  struct State: Equatable, Sendable {
    var seconds = 0
  }
  enum Action: Equatable, Sendable {
    case onAppear
    case tick
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.seconds += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// A state that draws its id from the `uuid` dependency when it is made.
private struct Draft: Reducer {
  struct State: Equatable, Sendable {
    var id: UUID
    init() {
      @Dependency(\.uuid) var uuid
      id = uuid()
    }
  }
  enum Action: Equatable, Sendable { case touch }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Issue 49, points 3, 4, 7 and 11: what a TCA user's tests of cancellation, dismissal, initial
/// state and zero-length sleeps expect of the TestStore. These suites run 50 times with both
/// cores busy in scripts/stress-tests.sh.
@MainActor
struct TestStoreCancellationTests {
  @Test func aCancelledRequestIsOverOnceTheCancelIsFolded() async {
    // The fetch ends only when cancelled: its task ends on another thread a few steps after
    // the cancel is folded, which `finish()` (and the store's release) used to race.
    let clock = VirtualClock()
    let store = TestStore(initialState: NumberFact.State(), reducer: NumberFact { _ in
      try await clock.sleep(for: .seconds(3_600))
      return "never"
    })
    await store.send(.factTapped) { $0.isLoading = true }
    await store.send(.cancelTapped) { $0.isLoading = false }
    await store.finish(timeout: .zero)
  }

  @Test func aCancelledRequestThatIgnoresCancellationIsOverAndItsAnswerIsDropped() async {
    // A fetch that does not look at cancellation (a request already on the wire): the effect's
    // task is still running when the test checks, and deterministically so.
    let answer = Gate()
    let store = TestStore(initialState: NumberFact.State(), reducer: NumberFact { count in
      await answer.wait()
      return "\(count) is a good number"
    })
    let request = await store.send(.factTapped) { $0.isLoading = true }
    await store.send(.cancelTapped) { $0.isLoading = false }
    #expect(store.store.runningEffectCount == 1)
    await store.finish(timeout: .zero)

    answer.open()
    await request.finish()
    // The answer came after the cancellation: `Send` dropped it, so nothing was received.
    #expect(store.store.runningEffectCount == 0)
    #expect(store.state.fact == nil)
    await store.finish()
  }

  @Test func aRefreshThatIsCancelledEndsItsTask() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: NumberFact.State(), reducer: NumberFact { _ in
      try await clock.sleep(for: .seconds(1))
      return "a fact"
    })
    let refresh = await store.send(.refresh) { $0.isLoading = true }
    #expect(refresh.isRunning)
    await store.send(.cancelTapped) { $0.isLoading = false }
    // What a `.refreshable` view awaits ends with the cancelled request.
    await refresh.finish()
    #expect(!refresh.isRunning)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aRefreshThatAnswersIsReceived() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: NumberFact.State(), reducer: NumberFact { count in
      try await clock.sleep(for: .seconds(1))
      return "\(count) is a good number"
    })
    let refresh = await store.send(.refresh) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.factResponse("0 is a good number")) {
      $0.isLoading = false
      $0.fact = "0 is a good number"
    }
    await refresh.finish()
    await store.finish()
  }

  @Test func aChildTestedAloneThatDismissesItselfIsDismissedAndItsTimerEnds() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) { $0.continuousClock = clock }
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    #expect(!store.isDismissed)

    await store.send(.closeTapped)
    #expect(store.isDismissed)
    // The dismissal ended the timer, as the parent's would have: no tick is left to receive.
    await clock.advance(by: .seconds(5))
    await store.finish(timeout: .zero)
  }

  @Test func sendingToAFeatureThatDismissedItselfFails() async {
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch())
    await store.send(.closeTapped)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.tick) { $0.seconds = 1 }
    } matching: { issue in
      issue.description.contains("dismissed itself") && issue.description.contains("tick")
    }
    // Not sent: the state is where it was.
    #expect(store.state.seconds == 0)
  }

  @Test func theInitialStateIsMadeUnderTheTestsDependencies() async {
    let store = TestStore(initialState: Draft.State(), reducer: Draft()) { $0.uuid = .incrementing }
    #expect(store.state.id == UUID(0))
    await store.send(.touch)
  }

  @Test func aZeroLengthSleepWaitsForTheNextAdvance() async {
    // As in a search whose second tap cancels the first request before either answers.
    let clock = VirtualClock()
    let store = TestStore(initialState: NumberFact.State(), reducer: NumberFact { count in
      try await clock.sleep(for: .zero)
      return "fact \(count)"
    })
    await store.send(.factTapped) { $0.isLoading = true }
    await store.send(.cancelTapped) { $0.isLoading = false }
    await store.send(.factTapped) { $0.isLoading = true }
    await clock.advance()
    await store.receive(.factResponse("fact 0")) {
      $0.isLoading = false
      $0.fact = "fact 0"
    }
    await store.finish()
  }

  @Test func aSleepUntilAPassedDeadlineEndsAtOnceAndOneUntilNowWaits() async throws {
    let clock = VirtualClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    let now = clock.now
    let sleeper = Task { try await clock.sleep(until: now) }
    // Bounded: had the sleep ended at once, it would never be counted.
    for _ in 0..<10_000 where clock.sleepCount == 0 { await Task.yield() }
    #expect(clock.sleepCount == 1)
    await clock.advance()
    try await sleeper.value
    #expect(clock.now == now)
  }
}
