import Foundation
import Reducers
import Store

/// The dependencies a hosted feature is built with.
///
/// `refold run` and `refold demo` use ``live(baseURL:sessions:)`` against a server; replay uses
/// ``replay``, whose clients report an issue if anything calls them: a replay never runs
/// effects, so a call would be a bug.
public struct FeatureEnvironment: Sendable {
  public var auth: AuthClient
  public var musicSearch: MusicSearchClient
  public var users: UsersClient
  public var sessions: SessionStore
  public var clock: any Clock<Duration>
  public var now: @Sendable () -> Date

  public init(
    auth: AuthClient,
    musicSearch: MusicSearchClient,
    users: UsersClient,
    sessions: SessionStore,
    clock: any Clock<Duration>,
    now: @escaping @Sendable () -> Date
  ) {
    self.auth = auth
    self.musicSearch = musicSearch
    self.users = users
    self.sessions = sessions
    self.clock = clock
    self.now = now
  }

  /// Live HTTP clients against `baseURL`, the continuous clock and the wall clock.
  public static func live(baseURL: URL, sessions: SessionStore = .inMemory()) -> Self {
    Self(
      auth: .live(baseURL: baseURL),
      musicSearch: .live(baseURL: baseURL),
      users: .live(baseURL: baseURL),
      sessions: sessions,
      clock: ContinuousClock(),
      now: { Date() }
    )
  }

  /// For replay: nothing may be called.
  public static var replay: Self {
    Self(
      auth: .unimplemented,
      musicSearch: .unimplemented,
      users: .unimplemented,
      sessions: .unimplemented,
      clock: ContinuousClock(),
      now: { Date(timeIntervalSince1970: 0) }
    )
  }
}
