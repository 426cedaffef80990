public import Store

extension Bench {
  /// W8's feature: a drill-down 1,000 screens deep, whose top screen the user taps.
  public struct Drilldown: Reducer {
    public struct Screen: Reducer {
      public struct State: Codable, Equatable, Sendable {
        public var taps = 0
        public var title: String
      }

      public enum Action: Codable, Equatable, Sendable {
        case tapped
      }

      public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.taps += 1
        return .none
      }
    }

    public struct State: Codable, Equatable, Sendable {
      public var path: StackState<Screen.State>
    }

    public enum Action: Codable, Equatable, Sendable {
      case path(StackAction<Screen.State, Screen.Action>)
    }

    public init() {}

    // NB: A path written out by hand: one derived from the case's constructor finds the
    //     payload of a matching action through a Mirror, about 1.5 µs, which is what W8 would
    //     then measure instead of the stack.
    static let pathPath = ActionPath<Action, StackAction<Screen.State, Screen.Action>>(
      embed: Action.path,
      extract: { if case let .path(action) = $0 { action } else { nil } }
    )

    public var body: some Reducer<State, Action> {
      EmptyReducer()
        .forEach(\.path, action: Self.pathPath) { Screen() }
    }

    /// The stack W8 starts from.
    public static func deepState(screens: Int = 1_000) -> State {
      State(path: StackState((0..<screens).map { Screen.State(title: "Screen \($0)") }))
    }
  }

  /// W8 on a Refold store: each action taps the top screen of a 1,000-screen stack, through
  /// `forEach` on the stack; one binding on the top screen's taps. A copy of the stack would
  /// cost a thousand screens per action; in place it costs what one screen does.
  public final class DrilldownStore: BenchFixture {
    private let store: Store<Drilldown.State, Drilldown.Action>
    private let top: StackElementID
    private let tally = Tally()
    private var binding: StoreBinding?

    public init() {
      let state = Drilldown.deepState()
      top = state.path.ids.last!
      store = Store(initialState: state, reducer: Drilldown())
      binding = store.bind({ $0.path.last?.taps ?? 0 }) { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      let action = Drilldown.Action.path(.element(id: top, action: .tapped))
      for _ in 0..<count { store.send(action) }
    }

    public func finish() async throws {
      binding = nil
    }
  }

  /// W8's floor: the screens in an array, the top one changed in place, one closure call.
  public final class DrilldownFloor: BenchFixture {
    private var screens = Drilldown.deepState().path.map { $0 }
    private let tally = Tally()
    private let onChange: (Int) -> Void

    public init() {
      let tally = self.tally
      onChange = { _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      let last = screens.count - 1
      for _ in 0..<count {
        screens[last].taps += 1
        onChange(screens[last].taps)
      }
    }
  }
}
