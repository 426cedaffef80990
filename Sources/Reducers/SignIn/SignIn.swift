import Foundation

/// The sign-in form: it logs in through ``AuthClient`` and keeps the session in a
/// ``SessionStore`` (the tutorial kept the token, id, email and username in UserDefaults), both
/// dependencies (`\.auth`, `\.sessions`).
///
/// ```swift
/// let store = Store(initialState: SignIn.State(), reducer: SignIn()) {
///   $0.auth = .live(baseURL: api)   // and $0.sessions, .live() by default
/// }
/// let binding = store.bind(\.canSubmit) { button.isEnabled = $0 }
/// store.send(.binding(.set(\.username, "son@example.com")))
/// store.send(.binding(.set(\.password, "password123")))
/// store.send(.signInTapped)          // … .loginResponse(.success(session))
/// ```
///
/// - A second `signInTapped` while a login is in flight cancels the first one; only the last
///   login's response arrives.
/// - On success the effect saves the session through ``SessionStore`` first, then sends the
///   response. A session that cannot be saved still signs the user in for this run; the save
///   error is reported as an unhandled effect error. A login cancelled while saving clears the
///   store again.
/// - On failure `errorMessage` shows the server's message when it refused the credentials, and
///   the table's message for a network or parse failure (the details stay in the logged action).
///   An error that is not a ``LoginError`` is mapped to one (`parse` for a `DecodingError`,
///   `network` for anything else).
/// - `signInTapped` with an empty field does nothing.
///
/// The password and the session token are secrets: `State` and `Action` are ``Redactable``.
public struct SignIn: Reducer {
  @Dependency(\.auth) var auth
  @Dependency(\.sessions) var sessions
  /// The texts `errorMessage` is written in.
  public let messages: Messages

  public init(messages: Messages = .korean) {
    self.messages = messages
  }

  enum CancelID: Hashable, Sendable { case login }

  /// The fields first (``BindingReducer``), then the form's own logic.
  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce(form)
  }

  private func form(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .binding:
      return .none

    case .signInTapped:
      guard !state.username.isEmpty, !state.password.isEmpty else { return .none }
      state.isLoading = true
      state.errorMessage = nil
      return login(Credentials(identifier: state.username, password: state.password))
        .cancellable(id: CancelID.login, cancelInFlight: true)

    case let .loginResponse(.success(session)):
      state.isLoading = false
      state.session = session
      state.errorMessage = nil
      return .none

    case let .loginResponse(.failure(error)):
      state.isLoading = false
      state.errorMessage = message(for: error)
      return .none

    case .signOutTapped:
      state.isLoading = false
      state.session = nil
      state.errorMessage = nil
      let sessions = self.sessions
      return .merge(
        .cancel(id: CancelID.login),
        .run { _ in try await sessions.clear() }
      )
    }
  }

  private func login(_ credentials: Credentials) -> Effect<Action> {
    let auth = self.auth
    let sessions = self.sessions
    return .run { send in
      let session: Session
      do {
        session = try await auth.login(credentials)
      } catch {
        // A cancelled login (a second tap, a sign-out) answers nothing.
        guard !Task.isCancelled else { return }
        await send(.loginResponse(.failure(Self.loginError(error))))
        return
      }
      var saveError: (any Error)?
      do {
        try await sessions.save(session)
      } catch {
        saveError = error
      }
      if Task.isCancelled {
        // Signed out, or tapped again, while saving: don't leave a session behind that the
        // state will never have. A sign-out's own `clear` may have run before this save.
        try? await sessions.clear()
        return
      }
      await send(.loginResponse(.success(session)))
      if let saveError { throw saveError }
    }
  }

  /// What the user sees for a failed login.
  func message(for error: LoginError) -> String {
    switch error.kind {
    case .rejected: error.message.isEmpty ? messages.signInRejected : error.message
    case .network: messages.signInNetworkError
    case .parse: messages.signInParseError
    }
  }

  /// Any error from a login, as a ``LoginError``.
  static func loginError(_ error: any Error) -> LoginError {
    switch error {
    case let error as LoginError: error
    case is DecodingError: LoginError(kind: .parse, message: String(describing: error))
    default: LoginError(kind: .network, message: String(describing: error))
    }
  }
}
