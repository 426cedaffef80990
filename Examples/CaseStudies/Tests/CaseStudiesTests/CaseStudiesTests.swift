import CaseStudies
import Store
import Testing

/// Each study as a TCA user tests it: an exhaustive TestStore, dependencies given per test,
/// time on a VirtualClock, and cancelled effects over once the cancelling action is folded.
@MainActor
struct EffectCancellationTests {
  @Test func aFactArrives() async {
    let store = TestStore(initialState: EffectCancellation.State(count: 3), reducer: EffectCancellation()) {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.factButtonTapped) { $0.isRequestInFlight = true }
    await store.receive(\.factResponse, "3 is a good number.") {
      $0.fact = "3 is a good number."
      $0.isRequestInFlight = false
    }
  }

  @Test func theCancelButtonCancelsTheRequest() async {
    let store = TestStore(initialState: EffectCancellation.State(), reducer: EffectCancellation()) {
      $0.numberFact.fetch = { _ in try await Task.never() }
    }
    await store.send(.factButtonTapped) { $0.isRequestInFlight = true }
    await store.send(.cancelButtonTapped) { $0.isRequestInFlight = false }
  }

  @Test func changingTheCountCancelsTheRequest() async {
    let store = TestStore(initialState: EffectCancellation.State(), reducer: EffectCancellation()) {
      $0.numberFact.fetch = { _ in try await Task.never() }
    }
    await store.send(.factButtonTapped) { $0.isRequestInFlight = true }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.isRequestInFlight = false
    }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
  }
}

@MainActor
struct TimersTests {
  @Test func theTimerTicksOnceASecondUntilStopped() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Timers.State(), reducer: Timers()) { $0.continuousClock = clock }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) { $0.secondsElapsed = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(\.timerTicked) { $0.secondsElapsed = 2 }
    await store.receive(\.timerTicked) { $0.secondsElapsed = 3 }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerActive = false }
    await clock.advance(by: .seconds(5))
  }

  @Test func leavingTheScreenStopsTheTimer() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Timers.State(), reducer: Timers()) { $0.continuousClock = clock }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await store.send(.onDisappear) { $0.isTimerActive = false }
    await clock.advance(by: .seconds(5))
  }
}

@MainActor
struct RefreshableTests {
  @Test func theRefreshEndsWhenTheFactArrives() async {
    let store = TestStore(initialState: Refreshable.State(count: 7), reducer: Refreshable()) {
      $0.numberFact.fetch = { "\($0) is lucky." }
    }
    let refresh = await store.send(.refresh) { $0.isLoading = true }
    await store.receive(\.factResponse) {
      $0.fact = "7 is lucky."
      $0.isLoading = false
    }
    await refresh.finish()
  }

  @Test func theCancelButtonEndsTheRefresh() async {
    let store = TestStore(initialState: Refreshable.State(), reducer: Refreshable()) {
      $0.numberFact.fetch = { _ in try await Task.never() }
    }
    let refresh = await store.send(.refresh) { $0.isLoading = true }
    await store.send(.cancelButtonTapped) { $0.isLoading = false }
    // What the view awaits ends with the cancellation, not with a fact.
    await refresh.finish()
  }
}

@MainActor
struct SharedStateTabsTests {
  @Test func bothTabsSeeEachCount() async {
    let store = TestStore(initialState: SharedStateTabs.State(), reducer: SharedStateTabs())
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.stats.add(1)
      $0.profile.stats.add(1)
    }
    await store.send(\.counter.decrementButtonTapped) {
      $0.counter.stats.count = 0
      $0.counter.stats.numberOfCounts = 2
      $0.profile.stats = $0.counter.stats
    }
    #expect(store.state.profile.stats.maxCount == 1)
    #expect(store.state.counter.stats == store.state.profile.stats)
  }

  @Test func theProfileTabResetsWhatTheCounterTabShows() async {
    let store = TestStore(initialState: SharedStateTabs.State(), reducer: SharedStateTabs())
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.stats.add(1)
      $0.profile.stats.add(1)
    }
    await store.send(\.selectTab, .profile) { $0.currentTab = .profile }
    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.stats = CounterStats()
      $0.counter.stats = CounterStats()
    }
  }
}

@MainActor
struct AlertsAndDialogsTests {
  @Test func theAlertsIncrementShowsANewAlert() async {
    let store = TestStore(initialState: AlertsAndDialogs.State(), reducer: AlertsAndDialogs())
    await store.send(.alertButtonTapped) {
      $0.alert = AlertState(
        title: "Alert!", message: "This is an alert",
        buttons: [.cancel("Cancel"), .default("Increment", action: .incrementButtonTapped)])
    }
    // The button's action presents another alert: that one stays.
    await store.send(\.alert.presented.incrementButtonTapped) {
      $0.count = 1
      $0.alert = AlertState(title: "Incremented!")
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func theDialogsDecrementDismissesItAndSaysSo() async {
    let store = TestStore(initialState: AlertsAndDialogs.State(), reducer: AlertsAndDialogs())
    await store.send(.confirmationDialogButtonTapped) {
      $0.confirmationDialog = ConfirmationDialogState(
        title: "Confirmation dialog", titleVisibility: .visible, message: "This is a confirmation dialog.",
        buttons: [
          .cancel("Cancel"),
          .default("Increment", action: .incrementButtonTapped),
          .default("Decrement", action: .decrementButtonTapped),
        ])
    }
    await store.send(\.confirmationDialog.presented.decrementButtonTapped) {
      $0.count = -1
      $0.confirmationDialog = nil
      $0.alert = AlertState(title: "Decremented!")
    }
  }
}
