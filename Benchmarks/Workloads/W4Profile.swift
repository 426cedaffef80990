public import Foundation
public import Store

extension Bench {
  /// W4's second state: a counter beside eight strings and an array of strings, the shape of a
  /// form or a profile screen, where the counter's state is one `Int`. Each action adds 1 to
  /// `visits`. Recording it must cost the store's thread what recording the counter costs:
  /// nothing there copies a commit's state (a copy retains and releases each string).
  public struct Profile: Reducer {
    public struct State: Codable, Equatable, Sendable {
      public var visits = 0
      public var name = "Son Heung-min, captain"
      public var email = "heungmin.son@example.com"
      public var city = "London, United Kingdom"
      public var street = "782 High Road, Tottenham"
      public var club = "Los Angeles Football Club"
      public var position = "Forward, left wing"
      public var bio = "Born in Chuncheon, South Korea, 1992"
      public var note = "Prefers the early kick-off slot"
      public var tags = ["captain", "forward", "left-footed and right-footed"]
      public init() {}
    }

    public enum Action: Codable, Equatable, Sendable {
      case visited
    }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .visited:
        state.visits += 1
        return .none
      }
    }
  }

  /// ``Profile`` on a Refold store with one binding on `visits`, as W1's counter has on
  /// `count`; with the recorder it is ``RecordedProfile``.
  public final class ProfileStore: BenchFixture {
    private let store: Store<Profile.State, Profile.Action>
    private let tally = Tally()
    private var binding: StoreBinding?
    private let onFinish: () async throws -> Void

    public init(
      plugins: [any StorePlugin<Profile.State, Profile.Action>] = [],
      onFinish: @escaping () async throws -> Void = {}
    ) {
      store = Store(initialState: Profile.State(), reducer: Profile(), plugins: plugins)
      self.onFinish = onFinish
      binding = store.bind(\.visits) { [tally] _ in tally.count &+= 1 }
      tally.count = 0
    }

    public var notifications: Int { tally.count }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.visited) }
    }

    public func finish() async throws {
      binding = nil
      try await onFinish()
    }
  }

  /// W4's `refold-strings`: ``ProfileStore`` with the recorder, against ``ProfileStore`` alone
  /// (`refold-strings-unrecorded`).
  public final class RecordedProfile: RecordedFixture<Profile.State, Profile.Action> {
    public init(file: URL) throws {
      try super.init(file: file, feature: "benchProfile", initialState: Profile.State()) { recorder in
        ProfileStore(plugins: [recorder]) { try await recorder.close() }
      }
    }
  }
}
