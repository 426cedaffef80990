extension UserList {
  /// The list, its loading state, the user screens pushed from it, and the signed-in session
  /// (shared with the sign-in form and the app).
  ///
  /// JSON: `{"users":[{"id":1,"name":"Leanne Graham"}],"isLoading":false,
  /// "path":{"nextID":0,"elements":[]},"session":{"shared":"inMemory:session"}}`, with
  /// `"error":{"kind":"network","message":"…"}` after a failed fetch, and the session's
  /// `"value"` once someone signed in.
  public struct State: Codable, Equatable, Sendable {
    public var users: [UserRow]
    /// A fetch is in flight.
    public var isLoading: Bool
    /// Why the last fetch failed. The rows of the fetch before it stay.
    public var error: FetchError?
    /// The user screens pushed from the list, bottom first.
    public var path: StackState<UserDetail.State>
    /// The signed-in session, shared (`inMemory:session`): a pushed screen names its viewer.
    @Shared(.inMemory("session")) public var session: Session? = nil

    public init(
      users: [UserRow] = [], isLoading: Bool = false, error: FetchError? = nil,
      path: StackState<UserDetail.State> = StackState()
    ) {
      self.users = users
      self.isLoading = isLoading
      self.error = error
      self.path = path
    }

    /// The message for ``error``, in Korean.
    public var errorMessage: String? { errorMessage(in: .korean) }

    /// The message for ``error`` from `messages`.
    public func errorMessage(in messages: Messages) -> String? {
      error.map { error in
        switch error.kind {
        case .network: messages.usersNetworkError
        case .parse: messages.usersParseError
        }
      }
    }
  }

  /// JSON: `{"onAppear":{}}`, `{"refreshTapped":{}}`,
  /// `{"usersResponse":{"_0":{"success":{"_0":[{"id":1,"name":"…","username":"…","email":"…"}]}}}}`.
  ///
  /// Navigation: `{"userTapped":{"id":1}}` pushes a user's screen;
  /// `{"path":{"_0":{"element":{"id":0,"action":{"greetTapped":{}}}}}}` is screen #0's action,
  /// `{"path":{"_0":{"popFrom":{"id":0}}}}` pops it.
  public enum Action: Codable, Equatable, Sendable {
    /// The list appeared: fetch.
    case onAppear
    /// Pull to refresh: fetch again.
    case refreshTapped
    /// The fetch effect's answer.
    case usersResponse(Result<[User], FetchError>)
    /// A row was tapped: push that user's screen.
    case userTapped(id: Int)
    /// The pushed screens' actions, pushes and pops.
    case path(StackAction<UserDetail.State, UserDetail.Action>)
  }
}
