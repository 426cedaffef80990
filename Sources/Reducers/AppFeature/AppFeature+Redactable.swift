/// Secrets live in the sign-in child; redaction forwards to it and leaves the rest alone.
extension AppFeature.State: Redactable {
  public func redacted() -> Self {
    var copy = self
    copy.signIn = signIn.redacted()
    return copy
  }
}

extension AppFeature.Action: Redactable {
  public func redacted() -> Self {
    switch self {
    case let .signIn(action): .signIn(action.redacted())
    case .amountInput, .musicSearch, .userList, .following, .greeting, .playerCard: self
    }
  }
}
