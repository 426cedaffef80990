import OpenCombine
public import Store

extension Bench {
  /// W1's feature, and W4's: a counter.
  public struct Counter: Reducer {
    public struct State: Codable, Equatable, Sendable {
      public var count = 0
      public init(count: Int = 0) { self.count = count }
    }

    public enum Action: Codable, Equatable, Sendable {
      case incrementTapped
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      }
    }
  }

  /// W1 on a Refold store: `send(.incrementTapped)`, one binding on `count`.
  /// With a plugin it is W4.
  public final class CounterStore: BenchFixture {
    public let store: Store<Counter.State, Counter.Action>
    private let tally = Tally()
    private var binding: StoreBinding?
    private let onFinish: () async throws -> Void

    public init(
      plugins: [any StorePlugin<Counter.State, Counter.Action>] = [],
      onFinish: @escaping () async throws -> Void = {}
    ) {
      store = Store(initialState: Counter.State(), reducer: Counter(), plugins: plugins)
      self.onFinish = onFinish
      binding = store.bind(\.count) { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.incrementTapped) }
    }

    public func finish() async throws {
      binding = nil
      try await onFinish()
    }
  }

  /// W1 the seeds' way: a view model with an `Observable<Int>`, bound once.
  public final class CounterObservable: BenchFixture {
    private let count = Observable(0)
    private let tally = Tally()

    public init() {
      count.bind { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { self.count.value += 1 }
    }
  }

  /// W1 through OpenCombine: the state in a `CurrentValueSubject`, one pipeline on `count`.
  public final class CounterCombine: BenchFixture {
    private let subject = CurrentValueSubject<Counter.State, Never>(Counter.State())
    private let tally = Tally()
    private var cancellable: AnyCancellable?

    public init() {
      cancellable = subject.map(\.count).removeDuplicates().sink { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { subject.value.count += 1 }
    }
  }

  /// W1's floor: the state mutated in place, then one closure call.
  public final class CounterFloor: BenchFixture {
    private var state = Counter.State()
    private let onChange: (Int) -> Void
    private let tally = Tally()

    public init() {
      onChange = { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count {
        state.count += 1
        onChange(state.count)
      }
    }
  }
}
