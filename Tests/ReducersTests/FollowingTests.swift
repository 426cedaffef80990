import Testing
@testable import Reducers

@MainActor
struct FollowingTests {
  @Test func tappingTogglesOneRow() async {
    let store = TestStore(initialState: Following.State(), reducer: Following())
    await store.send(.followTapped(id: 2)) { $0.people[id: 2]?.isFollowing = true }
    await store.send(.followTapped(id: 4)) { $0.people[id: 4]?.isFollowing = true }
    await store.send(.followTapped(id: 2)) { $0.people[id: 2]?.isFollowing = false }
    await store.finish()
    #expect(store.state.people.filter(\.isFollowing).map(\.id) == [4])
  }

  @Test(arguments: [0, 6, -1, Int.max])
  func anUnknownIDChangesNothing(id: Int) async {
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
