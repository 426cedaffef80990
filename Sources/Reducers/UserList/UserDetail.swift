/// One user's screen, pushed from the user list (a drill-down). It says hello on behalf of the
/// signed-in user, and closes itself through the `dismiss` dependency, which pops it.
///
/// ```swift
/// store.send(.userList(.userTapped(id: 1)))                          // pushes screen #0
/// store.send(.userList(.path(.element(id: 0, action: .greetTapped))))
/// store.send(.userList(.path(.element(id: 0, action: .closeTapped)))) // … pops it
/// ```
public struct UserDetail: Reducer {
  @Dependency(\.dismiss) var dismiss

  public init() {}

  /// JSON: `{"user":{"id":1,"name":"Leanne Graham"},"viewer":"son"}`, with `"greeting"` once
  /// it was said.
  public struct State: Codable, Equatable, Sendable {
    public var user: UserRow
    /// Who is looking: the signed-in user's name when the screen was pushed.
    public var viewer: String?
    public var greeting: String?

    public init(user: UserRow, viewer: String? = nil, greeting: String? = nil) {
      self.user = user
      self.viewer = viewer
      self.greeting = greeting
    }
  }

  /// JSON: `{"greetTapped":{}}`, `{"closeTapped":{}}`.
  public enum Action: Codable, Equatable, Sendable {
    case greetTapped
    /// The back button: the screen pops itself.
    case closeTapped
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greetTapped:
      state.greeting = "\(state.viewer ?? "A guest") says hello to \(state.user.name)"
      return .none
    case .closeTapped:
      let dismiss = self.dismiss
      return .run { _ in await dismiss() }
    }
  }
}
