@testable import StoreCore

/// What a navigation cycle makes and must let go, each counted by a census of its own.
final class LeakCensus: Sendable {
  /// A child's state: a sheet, a screen of the stack, an alert (through its button's action).
  let childStates = Census()
  /// A long-running effect's closure: alive while its task is.
  let effects = Census()
  /// A binding's callback: alive while the store keeps the binding.
  let bindings = Census()
}

/// A sheet that starts a timer on a clock that never moves as it appears: the timer is in
/// flight until the sheet is dismissed, by its parent or by itself (`dismiss`).
struct LeakSheet: Reducer {
  struct State: Sendable {
    let token: Tracked
    let effects: Census
    var ticks = 0

    init(_ number: Int, _ census: LeakCensus) {
      token = Tracked(number, census.childStates)
      effects = census.effects
    }
  }
  enum Action: Sendable {
    case appeared
    case tick
    case closeTapped
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .appeared:
      let held = Tracked(state.token.number, state.effects)
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(3_600))
        withExtendedLifetime(held) {}
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// A screen of a stack that listens to a stream nobody ever writes to as it appears: the
/// listening is in flight until the screen is popped, by its parent or by itself (`dismiss`).
struct LeakScreen: Reducer {
  struct State: Sendable {
    let token: Tracked
    let effects: Census
    var updates = 0

    init(_ number: Int, _ census: LeakCensus) {
      token = Tracked(number, census.childStates)
      effects = census.effects
    }
  }
  enum Action: Sendable {
    case appeared
    case update
    case closeTapped
  }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .appeared:
      let held = Tracked(state.token.number, state.effects)
      return .run { send in
        let (updates, writer) = AsyncStream<Int>.makeStream()
        for await _ in updates { await send(.update) }
        // Ended by cancellation only: the writer is kept, and never writes nor finishes.
        withExtendedLifetime((held, writer)) {}
      }
    case .update:
      state.updates += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// A root that presents the sheet, pushes screens, and shows an alert whose countdown (a
/// stream nobody writes to) runs until the alert is answered.
struct LeakRoot: Reducer {
  struct State: Sendable {
    @Presents var sheet: LeakSheet.State?
    var path = StackState<LeakScreen.State>()
    @Presents var alert: AlertState<Action.Alert>?
    let census: LeakCensus
    var opened = 0

    init(census: LeakCensus) {
      self.census = census
    }
  }
  enum Action: Sendable {
    case presentSheet
    case sheet(PresentationAction<LeakSheet.Action>)
    case push
    case path(StackAction<LeakScreen.State, LeakScreen.Action>)
    case showAlert
    case alert(PresentationAction<Alert>)

    enum Alert: Sendable {
      /// The alert's state lives in its buttons: this is what the census counts of it.
      case discard(Tracked)
    }
  }
  enum CancelID: Hashable, Sendable { case countdown }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentSheet:
        state.opened += 1
        state.sheet = LeakSheet.State(state.opened, state.census)
        return .none
      case .push:
        state.opened += 1
        state.path.append(LeakScreen.State(state.opened, state.census))
        return .none
      case .showAlert:
        state.opened += 1
        let token = Tracked(state.opened, state.census.childStates)
        state.alert = AlertState(
          title: "Discard the draft?",
          buttons: [.destructive("Discard", action: .discard(token)), .cancel("Keep")]
        )
        let held = Tracked(state.opened, state.census.effects)
        return .run { _ in
          let (ticks, writer) = AsyncStream<Int>.makeStream()
          for await _ in ticks {}
          withExtendedLifetime((held, writer)) {}
        }
        .cancellable(id: CancelID.countdown)
      case .alert:
        // Answered either way: the countdown stops.
        return .cancel(id: CancelID.countdown)
      case .sheet, .path:
        return .none
      }
    }
    .ifLet(\.$sheet, action: Action.sheet) { LeakSheet() }
    .forEach(\.path, action: Action.path) { LeakScreen() }
    .ifLet(\.$alert, action: Action.alert)
  }
}
