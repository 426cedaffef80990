/// What a successful login returns and what ``SessionStore`` keeps: the tutorial stored the
/// token, id, email and username in UserDefaults.
///
/// The token is a secret: ``redacted()`` replaces it with ``Redaction/placeholder``.
public struct Session: Codable, Equatable, Hashable, Sendable {
  public var token: String
  public var id: Int
  public var email: String
  public var username: String

  public init(token: String, id: Int, email: String, username: String) {
    self.token = token
    self.id = id
    self.email = email
    self.username = username
  }
}

extension Session: Redactable {
  public func redacted() -> Self {
    var copy = self
    copy.token = Redaction.placeholder
    return copy
  }
}

/// What the user typed into the sign-in form. The password is a secret.
public struct Credentials: Codable, Equatable, Hashable, Sendable {
  public var identifier: String
  public var password: String

  public init(identifier: String, password: String) {
    self.identifier = identifier
    self.password = password
  }
}

extension Credentials: Redactable {
  public func redacted() -> Self {
    Self(identifier: identifier, password: Redaction.placeholder)
  }
}
