public import Foundation

/// A footballer, as the player card shows them.
///
/// JSON: `{"name":"Son","birthday":-267786000,"position":"striker"}`. The birthday is a `Date`
/// in Foundation's default Codable shape: seconds since 2001-01-01T00:00:00Z.
public struct Player: Codable, Equatable, Hashable, Sendable {
  /// Where a player plays. The weekly pay depends on it.
  public enum Position: String, Codable, CaseIterable, Sendable {
    case striker
    case midfielder
    case defender
    case goalkeeper
  }

  public var name: String
  /// Any moment of the day they were born; only its day in ``PlayerCard/timeZone`` counts.
  public var birthday: Date
  public var position: Position

  public init(name: String, birthday: Date, position: Position) {
    self.name = name
    self.birthday = birthday
    self.position = position
  }
}
