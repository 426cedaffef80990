import Foundation
import Testing
@testable import Reducers

private let now = Date(timeIntervalSince1970: 1_763_740_800)

@MainActor
struct FollowingTests {
  @Test func tappingTogglesOneRowAndNotesSinceWhen() async {
    let store = TestStore(initialState: Following.State(), reducer: Following()) { $0.date = .constant(now) }
    await store.send(.followTapped(id: 2)) {
      $0.people[id: 2]?.isFollowing = true
      $0.people[id: 2]?.followingSince = now
    }
    await store.send(.followTapped(id: 4)) {
      $0.people[id: 4]?.isFollowing = true
      $0.people[id: 4]?.followingSince = now
    }
    await store.send(.followTapped(id: 2)) {
      $0.people[id: 2]?.isFollowing = false
      $0.people[id: 2]?.followingSince = nil
    }
    await store.finish()
    #expect(store.state.people.filter(\.isFollowing).map(\.id) == [4])
  }

  @Test(arguments: [0, 6, -1, Int.max])
  func anUnknownIDChangesNothing(id: Int) async {
    // No date override: an unknown id must not even read the clock.
    let store = TestStore(initialState: Following.State(), reducer: Following())
    await store.send(.followTapped(id: id))
    await store.finish()
  }

  @Test func theButtonTitleFollowsTheRow() {
    var row = PersonRow(id: 1, name: "Kim Minji", username: "minji")
    #expect(row.buttonTitle == "Follow")
    row.isFollowing = true
    #expect(row.buttonTitle == "Unfollow")
    #expect(row.buttonTitle(in: .english) == "Unfollow")
  }

  @Test func theDefaultListHasDistinctPeopleNoneFollowed() {
    let people = Following.State().people
    #expect(people.count == 5)
    #expect(Set(people.map(\.username)).count == people.count)
    #expect(people.allSatisfy { !$0.isFollowing && $0.buttonTitle == "Follow" })
  }
}
