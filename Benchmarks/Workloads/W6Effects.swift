public import Store

extension Bench {
  /// W6's feature: `ping` starts an effect that answers `pong` from off the main actor.
  public struct PingPong: Reducer {
    public struct State: Equatable, Sendable {
      public var pongs = 0
      public init() {}
    }

    public enum Action: Equatable, Sendable {
      case ping
      case pong
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .ping:
        return .run { send in
          await Bench.server.respond()
          await send(.pong)
        }
      case .pong:
        state.pongs += 1
        return .none
      }
    }
  }

  /// Stands for a client: an actor of its own, so that a call leaves the main actor and the
  /// answer comes back to it, as a network client's would.
  public actor Server {
    public func respond() {}
  }

  /// The one server of W6.
  public static let server = Server()

  /// W6 on a Refold store: send `ping`, wait until its effect's `pong` is folded.
  public final class PingStore: AsyncBenchFixture {
    private let store = Store(initialState: PingPong.State(), reducer: PingPong())
    private let tally = Tally()
    private var binding: StoreBinding?

    public init() {
      binding = store.lazyBind(\.pongs) { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) async {
      for _ in 0..<count { await store.send(.ping).finish() }
    }
  }

  /// W6 the seeds' way: the view model starts a task that calls the client and assigns the
  /// result to an `Observable` back on the main actor.
  public final class PingObservable: AsyncBenchFixture {
    private let pongs = Observable(0)
    private let tally = Tally()

    public init() {
      pongs.lazyBind { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) async {
      for _ in 0..<count {
        await Task {
          await Bench.server.respond()
          pongs.value += 1
        }.value
      }
    }
  }

  /// W6's floor: the least an effect needs, one task that calls the server and then, back on
  /// the main actor, an inout mutation and one closure call.
  public final class PingFloor: AsyncBenchFixture {
    private var pongs = 0
    private let onChange: (Int) -> Void
    private let tally = Tally()

    public init() {
      onChange = { [tally] _ in tally.count &+= 1 }
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) async {
      for _ in 0..<count {
        await Task {
          await Bench.server.respond()
          pongs += 1
          onChange(pongs)
        }.value
      }
    }
  }
}
