import CasePaths
import StateObservation
public import Store

/// A stopwatch: a timer effect that ticks once a second while it runs, started and stopped by
/// one button, and stopped when the screen goes away.
public struct Timers: Reducer {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var isTimerActive = false
    public var secondsElapsed = 0
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case onDisappear
    case timerTicked
    case toggleTimerButtonTapped
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onDisappear:
        state.isTimerActive = false
        return .cancel(id: CancelID.timer)

      case .timerTicked:
        state.secondsElapsed += 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerActive.toggle()
        guard state.isTimerActive else { return .cancel(id: CancelID.timer) }
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}
