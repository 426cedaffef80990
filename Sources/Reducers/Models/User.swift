/// One user from the users endpoint (JSONPlaceholder's `/users`).
public struct User: Codable, Equatable, Hashable, Sendable, Identifiable {
  public var id: Int
  public var name: String
  public var username: String
  public var email: String

  public init(id: Int, name: String, username: String, email: String) {
    self.id = id
    self.name = name
    self.username = username
    self.email = email
  }
}
