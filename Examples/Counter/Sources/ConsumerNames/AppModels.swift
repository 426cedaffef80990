import Effects
import Store

// A consumer's own models and clients, named as Refold's sample app names its own. Refold's
// `Store` and `Effects` used to bring the sample app's `User`, `Session`, `Track`, `Credentials`,
// `AuthClient` and `SearchError` into every user's namespace ("'User' is ambiguous for type
// lookup in this context"); this target only builds while they keep out of it.

public struct User: Equatable, Sendable { public var handle: String }
public struct Session: Equatable, Sendable { public var user: User }
public struct Track: Equatable, Sendable { public var title: String }
public struct Credentials: Equatable, Sendable { public var pin: Int }
public enum SearchError: Error, Equatable, Sendable { case tooShort }

public struct AuthClient: Sendable {
  public var signIn: @Sendable (Credentials) async throws -> Session
}

/// A feature over those names, with an effect through the client.
public struct SignInFeature: Reducer {
  public struct State: Equatable, Sendable { public var session: Session? }
  public enum Action: Sendable {
    case signIn(Credentials)
    case signedIn(Session)
  }

  let auth: AuthClient

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .signIn(let credentials):
      return .run { [auth] send in await send(.signedIn(try await auth.signIn(credentials))) }
    case .signedIn(let session):
      state.session = session
      return .none
    }
  }
}
