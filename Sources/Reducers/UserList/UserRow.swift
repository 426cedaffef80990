/// One row of the user list.
public struct UserRow: Codable, Equatable, Hashable, Identifiable, Sendable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  /// The row for a fetched user.
  public init(_ user: User) {
    self.init(id: user.id, name: user.name)
  }
}
