/// The password and the session token never leave the process in clear: the event log, the
/// logging plugin and `refold run` write `redacted()`.
///
/// An empty password stays empty, so that `canSubmit` means the same after redaction; any other
/// password becomes ``Redaction/placeholder``. State and actions follow the same rule, so that
/// replaying redacted actions from redacted state gives the redacted live state, and redaction
/// is idempotent.
extension SignIn.State: Redactable {
  public func redacted() -> Self {
    var copy = self
    copy.password = SignIn.redactedPassword(password)
    copy.session = session?.redacted()
    return copy
  }
}

extension SignIn.Action: Redactable {
  public func redacted() -> Self {
    switch self {
    case let .binding(binding): .binding(binding.redacted())
    case let .loginResponse(.success(session)): .loginResponse(.success(session.redacted()))
    case .signInTapped, .loginResponse(.failure), .signOutTapped: self
    }
  }
}

extension SignIn {
  static func redactedPassword(_ password: String) -> String {
    password.isEmpty ? password : Redaction.placeholder
  }
}
