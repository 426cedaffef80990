/// One person in the follow list.
public struct PersonRow: Codable, Equatable, Hashable, Identifiable, Sendable {
  public var id: Int
  public var name: String
  public var username: String
  public var isFollowing: Bool

  public init(id: Int, name: String, username: String, isFollowing: Bool = false) {
    self.id = id
    self.name = name
    self.username = username
    self.isFollowing = isFollowing
  }

  /// The row's button title: `"Follow"`, or `"Unfollow"` while following.
  public var buttonTitle: String { buttonTitle(in: .korean) }

  /// The row's button title from `messages`.
  public func buttonTitle(in messages: Messages) -> String {
    isFollowing ? messages.unfollow : messages.follow
  }
}
