public import Foundation

/// One person in the follow list.
public struct PersonRow: Codable, Equatable, Hashable, Identifiable, Sendable {
  public var id: Int
  public var name: String
  public var username: String
  public var isFollowing: Bool
  /// When you started following, while you do; `nil` otherwise (and absent from the JSON).
  public var followingSince: Date?

  public init(id: Int, name: String, username: String, isFollowing: Bool = false, followingSince: Date? = nil) {
    self.id = id
    self.name = name
    self.username = username
    self.isFollowing = isFollowing
    self.followingSince = followingSince
  }

  /// The row's button title: `"Follow"`, or `"Unfollow"` while following.
  public var buttonTitle: String { buttonTitle(in: .korean) }

  /// The row's button title from `messages`.
  public func buttonTitle(in messages: Messages) -> String {
    isFollowing ? messages.unfollow : messages.follow
  }
}
