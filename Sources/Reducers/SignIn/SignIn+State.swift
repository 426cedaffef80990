extension SignIn {
  /// The sign-in form.
  ///
  /// JSON: `{"username":"son@example.com","password":"<redacted>","isLoading":false,
  /// "session":{"shared":"inMemory:session","value":{"token":"<redacted>","id":1,"email":"son@example.com","username":"son"}}}`
  /// (as a log writes it: ``redacted()`` hides the secrets; nil fields are left out).
  public struct State: Codable, Equatable, Sendable {
    public var username: String
    /// A secret: ``redacted()`` replaces it.
    public var password: String
    /// A login request is in flight.
    public var isLoading: Bool
    /// The signed-in session; its token is a secret. Shared (`inMemory:session`) with the app
    /// and the user list.
    @Shared(.inMemory("session")) public var session: Session? = nil
    /// Why the last login failed: the server's own message when it refused the credentials.
    public var errorMessage: String?

    public init(
      username: String = "",
      password: String = "",
      isLoading: Bool = false,
      session: Session? = nil,
      errorMessage: String? = nil
    ) {
      self.username = username
      self.password = password
      self.isLoading = isLoading
      // Given, it replaces the shared session in this state only (a store shares it from its
      // first write); not given, the state starts with the shared one.
      if let session { self.session = session }
      self.errorMessage = errorMessage
    }

    /// Whether the Sign in button is enabled: both fields filled in, and no login in flight.
    public var canSubmit: Bool {
      !username.isEmpty && !password.isEmpty && !isLoading
    }
  }
}

extension SignIn.State: BindableState {
  /// The form's fields, which `.binding(.set(\.username, …))` sets.
  public static let bindableFields: BindableFields<Self> = [
    .field("username", \.username),
    .secret("password", \.password),
  ]
}

extension SignIn {

  /// JSON: `{"binding":{"_0":{"username":"son@example.com"}}}`,
  /// `{"binding":{"_0":{"password":"…"}}}`, `{"signInTapped":{}}`, `{"signOutTapped":{}}`,
  /// `{"loginResponse":{"_0":{"success":{"_0":{"token":"…","id":1,"email":"…","username":"…"}}}}}`,
  /// `{"loginResponse":{"_0":{"failure":{"_0":{"kind":"rejected","message":"…"}}}}}`.
  public enum Action: Codable, Equatable, Sendable, BindableAction {
    /// A form field changed: `username`, or `password` (a secret, logged redacted).
    case binding(BindingAction<State>)
    /// Logs in with the fields as they are, replacing any login in flight.
    case signInTapped
    /// The login effect's answer. A success has already been kept in the ``SessionStore``.
    case loginResponse(Result<Session, LoginError>)
    /// Forgets the session, here and in the ``SessionStore``, and cancels a login in flight.
    case signOutTapped
  }
}
