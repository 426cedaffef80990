// The seed app's clients as dependencies: a feature reads them with `@Dependency(\.auth)` and the
// like; an app or a host sets them once (`Store(…) { $0.auth = .live(baseURL: api) }`, with
// the live clients of the `LiveClients` module), and a test per test
// (`TestStore(…) { $0.auth = .succeeding(session) }`). The reducers' own module has no HTTP
// stack, so the live values the keys fall back to are the unimplemented doubles.
//
// Under a test runner each is `unimplemented`, so a test that forgot one fails on the first call
// with the endpoint's name instead of reaching the network.

extension AuthClient: DependencyKey {
  /// There is no public default server to log in to: an app gives its own
  /// (`$0.auth = .live(baseURL: …)`); until then a login reports that it is unimplemented.
  public static var liveValue: AuthClient { .unimplemented }
  public static var testValue: AuthClient { .unimplemented }
}

extension MusicSearchClient: DependencyKey {
  /// An app gives the live client (`$0.musicSearch = .live()`, the iTunes Search API, from
  /// `LiveClients`); until then a search reports that it is unimplemented.
  public static var liveValue: MusicSearchClient { .unimplemented }
  public static var testValue: MusicSearchClient { .unimplemented }
}

extension UsersClient: DependencyKey {
  /// An app gives the live client (`$0.users = .live()`, JSONPlaceholder, from `LiveClients`);
  /// until then a fetch reports that it is unimplemented.
  public static var liveValue: UsersClient { .unimplemented }
  public static var testValue: UsersClient { .unimplemented }
}

extension SessionStore: DependencyKey {
  /// The session file in the user's data folder (``SessionStore/defaultFileURL(environment:)``).
  public static var liveValue: SessionStore { .live() }
  public static var testValue: SessionStore { .unimplemented }
}

extension DependencyValues {
  /// Logs a user in: ``SignIn``'s login.
  public var auth: AuthClient {
    get { self[AuthClient.self] }
    set { self[AuthClient.self] = newValue }
  }

  /// Keeps the signed-in session between launches.
  public var sessions: SessionStore {
    get { self[SessionStore.self] }
    set { self[SessionStore.self] = newValue }
  }

  /// Searches music: ``MusicSearch``'s search.
  public var musicSearch: MusicSearchClient {
    get { self[MusicSearchClient.self] }
    set { self[MusicSearchClient.self] = newValue }
  }

  /// Fetches the user list: ``UserList``'s fetch.
  public var users: UsersClient {
    get { self[UsersClient.self] }
    set { self[UsersClient.self] = newValue }
  }
}
