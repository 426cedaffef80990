public import Store

extension Bench {
  /// W2 on a 64 KB state: ``WideState``'s 1,000 watched fields, then 56 KB that no binding
  /// watches (seven more copies of it, as a screen's state holds data the screen does not
  /// show). A commit compares only what bindings watch, so this row should cost what W2 costs:
  /// the cost follows the watched part, not the size of the state.
  public struct LargeWideState: Sendable {
    public var wide = WideState()
    public var unwatched = (WideState(), WideState(), WideState(), WideState(), WideState(), WideState(), WideState())

    public init() {}

    /// The key path of every watched field, in order.
    @MainActor public static let keyPaths: [KeyPath<LargeWideState, Int>] = WideState.keyPaths.map { field in
      (\LargeWideState.wide).appending(path: field as KeyPath<WideState, Int>)
    }
  }

  /// W2's reducer on the 64 KB state: each action adds 1 to one watched field.
  public struct LargeWide: Reducer {
    public typealias State = LargeWideState
    public typealias Action = Wide.Action

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .bump(index):
        state.wide.bump(index)
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
