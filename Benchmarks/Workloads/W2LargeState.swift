public import Store

extension Bench {
  /// W2's reducer on the 64 KB state: each action adds 1 to one watched field.
  public struct LargeWide: Reducer {
    public typealias State = LargeWideState
    public typealias Action = Wide.Action

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .bump(index):
        state.bump(index)
        return .none
      }
    }
  }

  /// W2 on a Refold store of the 64 KB state: one binding per watched field, 1,000 in all.
  public final class LargeWideStore: BenchFixture {
    private let store = Store(initialState: LargeWideState(), reducer: LargeWide())
    private let tally = Tally()
    private var bindings: [StoreBinding] = []
    private var order = RoundRobin()

    public init() {
      for keyPath in LargeWideState.keyPaths {
        bindings.append(store.lazyBind(keyPath) { [tally] _ in tally.count &+= 1 })
      }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.bump(order.advance())) }
    }
  }
}
