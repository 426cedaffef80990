/// The follow/unfollow list: each row's button toggles whether you follow that person.
///
/// ```swift
/// let store = Store(initialState: Following.State(), reducer: Following())
/// let binding = store.bind({ $0.people[id: 1]?.buttonTitle }) { button.setTitle($0) }
/// store.send(.followTapped(id: 1))   // "Follow" → "Unfollow"
/// ```
///
/// A tap on an id that is not in the list changes nothing. Following someone notes when
/// (`followingSince`), from `@Dependency(\.date)`: a recorded log keeps that date with the
/// event, so it replays to the same state on any day.
public struct Following: Reducer {
  /// JSON: `{"people":[{"id":1,"name":"Kim Minji","username":"minji","isFollowing":false},…]}`.
  public struct State: Codable, Equatable, Sendable {
    public var people: IdentifiedArrayOf<PersonRow>

    /// Starts with ``fixturePeople`` unless given others.
    public init(people: IdentifiedArrayOf<PersonRow> = Following.fixturePeople) {
      self.people = people
    }
  }

  /// JSON: `{"followTapped":{"id":1}}`.
  public enum Action: Codable, Equatable, Sendable {
    /// The button on row `id` was tapped.
    case followTapped(id: PersonRow.ID)
  }

  @Dependency(\.date) var date

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .followTapped(id):
      guard var row = state.people[id: id] else { return .none }
      row.isFollowing.toggle()
      row.followingSince = row.isFollowing ? date.now : nil
      state.people[id: id] = row
      return .none
    }
  }

  /// The people a new list shows, none of them followed.
  public static let fixturePeople: IdentifiedArrayOf<PersonRow> = [
    PersonRow(id: 1, name: "Kim Minji", username: "minji"),
    PersonRow(id: 2, name: "Hanni Pham", username: "hanni"),
    PersonRow(id: 3, name: "Danielle Marsh", username: "danielle"),
    PersonRow(id: 4, name: "Kang Haerin", username: "haerin"),
    PersonRow(id: 5, name: "Lee Hyein", username: "hyein"),
  ]
}
