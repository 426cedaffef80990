/// The person a ``Greeting`` greets.
public struct Person: Codable, Equatable, Hashable, Sendable {
  public var firstName: String
  public var lastName: String

  public init(firstName: String, lastName: String) {
    self.firstName = firstName
    self.lastName = lastName
  }
}
