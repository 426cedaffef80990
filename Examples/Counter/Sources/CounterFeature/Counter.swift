import Store

/// The example's feature: a counter with a delayed, cancellable increment. Public, so that both
/// executables (the store demo and the command-line tool) use it through this module.
public struct Counter: Reducer {
  public struct State: Equatable, Codable, Sendable {
    public var count = 0
    public var isEven: Bool { count.isMultiple(of: 2) }
    public init(count: Int = 0) { self.count = count }
  }

  public enum Action: Equatable, Codable, Sendable {
    case incrementTapped
    case delayedIncrementTapped
    case cancelTapped
  }

  enum CancelID: Hashable, Sendable { case delay }

  let clock: any Clock<Duration>

  public init(clock: any Clock<Duration>) { self.clock = clock }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(10))
        await send(.incrementTapped)
      }
      .cancellable(id: CancelID.delay, cancelInFlight: true)
    case .cancelTapped:
      return .cancel(id: CancelID.delay)
    }
  }
}
