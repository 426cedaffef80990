import Foundation
import Testing
@testable import Reducers

@MainActor
struct AppFeatureTests {
  @Test func eachActionReachesOnlyItsOwnFeature() async {
    let now = Date(timeIntervalSince1970: 1_763_740_800)
    let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature()) { $0.date = .constant(now) }
    await store.send(.amountInput(.textChanged("1234"))) {
      $0.amountInput = AmountInput.State(text: "1234", output: "1,234₩")
    }
    await store.send(.signInButtonTapped) { $0.signIn = SignIn.State() }
    await store.send(.signIn(.presented(.binding(.set(\.username, "son"))))) { $0.signIn?.username = "son" }
    await store.send(.following(.followTapped(id: 1))) {
      $0.following.people[id: 1]?.isFollowing = true
      $0.following.people[id: 1]?.followingSince = now
    }
    await store.send(.greeting(.showGreetingTapped)) { $0.greeting.greeting = "Hello David Blaine" }
    let later = PlayerCard.date(year: 2026, month: 1, day: 1)
    await store.send(.playerCard(.tick(later))) { $0.playerCard.now = later }
    await store.send(.musicSearch(.queryChanged(""))) // empty: nothing to search, nothing changes
    await store.finish()
  }

  @Test func childEffectsComeBackInTheirCase() async throws {
    let clock = VirtualClock()
    let sessions = SessionStore.inMemory()
    let store = TestStore(
      initialState: AppFeature.State(signIn: SignIn.State(username: "son", password: "pw")),
      reducer: AppFeature()
    ) {
      // One store's dependencies reach every child.
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = sessions
      $0.musicSearch = .returning([Fixture.hypeBoy])
      $0.users = .returning([Fixture.leanne])
      $0.continuousClock = clock
    }
    await store.send(.signIn(.presented(.signInTapped))) { $0.signIn?.isLoading = true }
    await store.receive(.signIn(.presented(.loginResponse(.success(Fixture.session))))) {
      // The session is shared: set here, it is set in the app and the user list too; and
      // the sheet closes.
      $0.session = Fixture.session
      $0.signIn = nil
    }
    await store.send(.musicSearch(.queryChanged("new jeans"))) {
      $0.musicSearch.query = "new jeans"
      $0.musicSearch.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.musicSearch(.searchResponse(.success([Fixture.hypeBoy])))) {
      $0.musicSearch.isSearching = false
      $0.musicSearch.results = [Fixture.hypeBoy]
    }
    await store.send(.userList(.onAppear)) { $0.userList.isLoading = true }
    await store.receive(.userList(.usersResponse(.success([Fixture.leanne])))) {
      $0.userList.isLoading = false
      $0.userList.users = [UserRow(id: 1, name: "Leanne Graham")]
    }
    await store.send(.logoutTapped) {
      $0.alert = AlertState(title: "로그아웃 하시겠습니까?", buttons: [.destructive("로그아웃", action: .confirmLogout), .cancel("취소")])
    }
    await store.send(.alert(.presented(.confirmLogout))) {
      $0.session = nil
      $0.alert = nil
    }
    await store.finish()
    #expect(try await sessions.load() == nil)
  }

  @Test func theMessagesReachEveryFeatureThatWritesText() async {
    let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature(messages: .english))
    await store.send(.amountInput(.textChanged("x"))) {
      $0.amountInput = AmountInput.State(text: "x", output: "Please enter numbers only")
    }
    await store.finish()
  }

  @Test(arguments: [
    AppFeature.Action.amountInput(.textChanged("1")),
    .signIn(.presented(.signInTapped)),
    .musicSearch(.queryChanged("iu")),
    .userList(.onAppear),
    .following(.followTapped(id: 1)),
    .greeting(.showGreetingTapped),
    .playerCard(.tick(Date(timeIntervalSinceReferenceDate: 0))),
  ])
  func eachActionPathRoundTrips(action: AppFeature.Action) {
    let paths: [(AppFeature.Action) -> AppFeature.Action?] = [
      { ActionPath(AppFeature.Action.amountInput).extract($0).map(AppFeature.Action.amountInput) },
      { ActionPath(AppFeature.Action.signIn).extract($0).map(AppFeature.Action.signIn) },
      { ActionPath(AppFeature.Action.musicSearch).extract($0).map(AppFeature.Action.musicSearch) },
      { ActionPath(AppFeature.Action.userList).extract($0).map(AppFeature.Action.userList) },
      { ActionPath(AppFeature.Action.following).extract($0).map(AppFeature.Action.following) },
      { ActionPath(AppFeature.Action.greeting).extract($0).map(AppFeature.Action.greeting) },
      { ActionPath(AppFeature.Action.playerCard).extract($0).map(AppFeature.Action.playerCard) },
    ]
    let matches = paths.compactMap { $0(action) }
    #expect(matches == [action])
  }
}
