extension UserList {
  /// The list and its loading state.
  ///
  /// JSON: `{"users":[{"id":1,"name":"Leanne Graham"}],"isLoading":false}`, with
  /// `"error":{"kind":"network","message":"…"}` after a failed fetch.
  public struct State: Codable, Equatable, Sendable {
    public var users: [UserRow]
    /// A fetch is in flight.
    public var isLoading: Bool
    /// Why the last fetch failed. The rows of the fetch before it stay.
    public var error: FetchError?

    public init(users: [UserRow] = [], isLoading: Bool = false, error: FetchError? = nil) {
      self.users = users
      self.isLoading = isLoading
      self.error = error
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
  public enum Action: Codable, Equatable, Sendable {
    /// The list appeared: fetch.
    case onAppear
    /// Pull to refresh: fetch again.
    case refreshTapped
    /// The fetch effect's answer.
    case usersResponse(Result<[User], FetchError>)
  }
}
