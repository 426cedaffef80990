import Foundation

/// The user list, fetched from a JSON endpoint through ``UsersClient``, a dependency
/// (`\.users`).
///
/// ```swift
/// let store = Store(initialState: UserList.State(), reducer: UserList()) {
///   $0.users = .live(baseURL: api)   // JSONPlaceholder by default
/// }
/// let binding = store.bind(\.users) { tableView.reload($0) }
/// store.send(.onAppear)
/// ```
///
/// `onAppear` and `refreshTapped` both fetch. While a fetch is in flight, another one is not
/// started: the second action changes nothing. An error that is not a ``FetchError`` is mapped
/// to one (`parse` for a `DecodingError`, `network` for anything else).
///
/// Tapping a row pushes that user's screen (``UserDetail``) on `path`, a stack: a screen closes
/// itself, and its effects end with it. A tap on an id that is not in the list pushes nothing.
public struct UserList: Reducer {
  @Dependency(\.users) var client

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce(list)
      .forEach(\.path, action: Action.path) { UserDetail() }
  }

  private func list(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case let .userTapped(id):
      guard let row = state.users.first(where: { $0.id == id }) else { return .none }
      state.path.append(UserDetail.State(user: row, viewer: state.session?.username))
      return .none

    case .path:
      return .none

    case .onAppear, .refreshTapped:
      guard !state.isLoading else { return .none }
      state.isLoading = true
      let client = self.client
      return .run { send in
        do {
          await send(.usersResponse(.success(try await client.fetch())))
        } catch {
          guard !Task.isCancelled else { return }
          await send(.usersResponse(.failure(Self.fetchError(error))))
        }
      }

    case let .usersResponse(.success(users)):
      state.isLoading = false
      state.users = users.map(UserRow.init)
      state.error = nil
      return .none

    case let .usersResponse(.failure(error)):
      state.isLoading = false
      state.error = error
      return .none
    }
  }

  /// Any error from a fetch, as a ``FetchError``.
  static func fetchError(_ error: any Error) -> FetchError {
    switch error {
    case let error as FetchError: error
    case is DecodingError: FetchError(kind: .parse, message: String(describing: error))
    default: FetchError(kind: .network, message: String(describing: error))
    }
  }
}
