/// Secrets live in the session (its token) and the sign-in form (the password): redaction
/// hides them wherever they are held, and leaves the rest alone.
extension AppFeature.State: Redactable {
  public func redacted() -> Self {
    var copy = self
    copy.signIn = signIn?.redacted()
    copy.session = session?.redacted()
    copy.userList = userList.redacted()
    return copy
  }
}

extension AppFeature.Action: Redactable {
  public func redacted() -> Self {
    switch self {
    case let .signIn(.presented(action)): .signIn(.presented(action.redacted()))
    case .signIn(.dismiss), .signInButtonTapped, .amountInput, .musicSearch, .userList, .following, .greeting,
      .playerCard, .logoutTapped, .alert:
      self
    }
  }
}

/// The user list holds the shared session: its token is a secret.
extension UserList.State: Redactable {
  public func redacted() -> Self {
    var copy = self
    copy.session = session?.redacted()
    return copy
  }
}
