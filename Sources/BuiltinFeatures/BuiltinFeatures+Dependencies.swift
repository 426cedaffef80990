import Foundation
public import Host
import LiveClients
public import Reducers
public import Store

// The seed app's clients as environment keys: live ones talk to `--base-url` (or the host's
// default server), replay ones report any call. The built-in features read them as dependencies
// (`@Dependency(\.auth)`…), set from the environment by `useSeedClients(of:)`.

enum AuthClientKey: FeatureEnvironmentKey {
  static func liveValue(_ environment: FeatureEnvironment) -> AuthClient {
    environment.baseURL.map { .live(baseURL: $0, timeout: environment.requestTimeout) } ?? .unimplemented
  }
  static var replayValue: AuthClient { .unimplemented }
}

enum MusicSearchClientKey: FeatureEnvironmentKey {
  static func liveValue(_ environment: FeatureEnvironment) -> MusicSearchClient {
    environment.baseURL.map { .live(baseURL: $0, timeout: environment.requestTimeout) } ?? .unimplemented
  }
  static var replayValue: MusicSearchClient { .unimplemented }
}

enum UsersClientKey: FeatureEnvironmentKey {
  static func liveValue(_ environment: FeatureEnvironment) -> UsersClient {
    environment.baseURL.map { .live(baseURL: $0, timeout: environment.requestTimeout) } ?? .unimplemented
  }
  static var replayValue: UsersClient { .unimplemented }
}

enum SessionStoreKey: FeatureEnvironmentKey {
  static func liveValue(_ environment: FeatureEnvironment) -> SessionStore {
    environment.sessionFile.map { .live(fileURL: $0) } ?? .inMemory()
  }
  static var replayValue: SessionStore { .unimplemented }
}

extension FeatureEnvironment {
  /// The seed app's login client.
  public var auth: AuthClient {
    get { self[AuthClientKey.self] }
    set { self[AuthClientKey.self] = newValue }
  }

  /// The seed app's music search client.
  public var musicSearch: MusicSearchClient {
    get { self[MusicSearchClientKey.self] }
    set { self[MusicSearchClientKey.self] = newValue }
  }

  /// The seed app's user list client.
  public var users: UsersClient {
    get { self[UsersClientKey.self] }
    set { self[UsersClientKey.self] = newValue }
  }

  /// Where the seed app keeps the signed-in session.
  public var sessions: SessionStore {
    get { self[SessionStoreKey.self] }
    set { self[SessionStoreKey.self] = newValue }
  }
}

extension DependencyValues {
  /// The seed app's clients and clock, from the host's environment: what the built-in features'
  /// `prepareDependencies` give their stores.
  mutating func useSeedClients(of environment: FeatureEnvironment) {
    auth = environment.auth
    sessions = environment.sessions
    musicSearch = environment.musicSearch
    users = environment.users
    continuousClock = environment.clock
  }
}
