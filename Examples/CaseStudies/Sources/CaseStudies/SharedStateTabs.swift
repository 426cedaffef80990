import CasePaths
public import Store

/// What both tabs of ``SharedStateTabs`` hold under one key.
public struct CounterStats: Codable, Equatable, Sendable {
  public var count = 0
  public var maxCount = 0
  public var minCount = 0
  public var numberOfCounts = 0
  public init() {}

  /// Counts a step of `delta`.
  public mutating func add(_ delta: Int) {
    count += delta
    numberOfCounts += 1
    maxCount = max(maxCount, count)
    minCount = min(minCount, count)
  }
}

/// Two tabs that share one value: the counter tab changes it, the profile tab shows it and
/// resets it, and each sees the other's change as soon as the reducer that made it returns.
public struct SharedStateTabs: Reducer {
  public enum Tab: String, Codable, Sendable { case counter, profile }

  public struct State: Codable, Equatable, Sendable {
    public var counter = CounterTab.State()
    public var profile = ProfileTab.State()
    public var currentTab = Tab.counter
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case counter(CounterTab.Action)
    case profile(ProfileTab.Action)
    case selectTab(Tab)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { CounterTab() }
    Scope(state: \.profile, action: \.profile) { ProfileTab() }
    Reduce { state, action in
      if case let .selectTab(tab) = action { state.currentTab = tab }
      return .none
    }
  }
}

public struct CounterTab: Reducer {
  public struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("counterStats")) public var stats = CounterStats()
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$stats.withLock { $0.add(action == .incrementButtonTapped ? 1 : -1) }
      return .none
    }
  }
}

public struct ProfileTab: Reducer {
  public struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("counterStats")) public var stats = CounterStats()
    public init() {}
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable {
    case resetStatsButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.stats = CounterStats()
      return .none
    }
  }
}
