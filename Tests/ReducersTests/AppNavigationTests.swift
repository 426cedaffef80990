import Foundation
import Testing
@testable import Reducers

/// The seed app's navigation (issue #24, item 7): sign-in in a sheet, an alert before logout,
/// a drill-down from the user list into users' screens, and the session shared between them.
@MainActor
struct AppNavigationTests {
  func signedInStore(sessions: SessionStore = .inMemory()) async -> TestStore<AppFeature.State, AppFeature.Action> {
    let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature()) {
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = sessions
      $0.users = .returning([Fixture.leanne])
    }
    await store.send(.signInButtonTapped) { $0.signIn = SignIn.State() }
    await store.send(.signIn(.presented(.binding(.set(\.username, "son"))))) { $0.signIn?.username = "son" }
    await store.send(.signIn(.presented(.binding(.set(\.password, "pw"))))) { $0.signIn?.password = "pw" }
    await store.send(.signIn(.presented(.signInTapped))) { $0.signIn?.isLoading = true }
    await store.receive(.signIn(.presented(.loginResponse(.success(Fixture.session))))) {
      $0.session = Fixture.session
      $0.signIn = nil
    }
    return store
  }

  @Test func theSignInSheetClosesOnceSignedInAndTheSessionIsEverywhere() async {
    let store = await signedInStore()
    #expect(store.state.userList.session == Fixture.session)
    #expect(store.state.signIn == nil)
    // A second tap while signed in opens the sheet again, with the shared session in it.
    await store.send(.signInButtonTapped) { $0.signIn = SignIn.State() }
    #expect(store.state.signIn?.session == Fixture.session)
    await store.send(.signIn(.dismiss)) { $0.signIn = nil }
    await store.finish()
  }

  @Test func closingTheSheetCancelsTheLoginInFlight() async {
    let store = TestStore(initialState: AppFeature.State(), reducer: AppFeature()) {
      // A login that answers only when cancelled.
      $0.auth = AuthClient { _ in
        try await Task.sleep(for: .seconds(86_400))
        throw CancellationError()
      }
      $0.sessions = .inMemory()
    }
    await store.send(.signInButtonTapped) { $0.signIn = SignIn.State() }
    await store.send(.signIn(.presented(.binding(.set(\.username, "son"))))) { $0.signIn?.username = "son" }
    await store.send(.signIn(.presented(.binding(.set(\.password, "pw"))))) { $0.signIn?.password = "pw" }
    await store.send(.signIn(.presented(.signInTapped))) { $0.signIn?.isLoading = true }
    await store.send(.signIn(.dismiss)) { $0.signIn = nil }
    // Exhaustive: the login's effect must be gone, or finish() fails.
    await store.finish()
  }

  @Test func logoutAsksFirstAndCancelChangesNothing() async throws {
    let sessions = SessionStore.inMemory()
    let store = await signedInStore(sessions: sessions)
    let alert = AlertState<AppFeature.Action.Alert>(
      title: "로그아웃 하시겠습니까?", buttons: [.destructive("로그아웃", action: .confirmLogout), .cancel("취소")])
    await store.send(.logoutTapped) { $0.alert = alert }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    #expect(try await sessions.load() == Fixture.session)
    await store.send(.logoutTapped) { $0.alert = alert }
    await store.send(.alert(.presented(.confirmLogout))) {
      $0.session = nil
      $0.alert = nil
    }
    await store.finish()
    #expect(try await sessions.load() == nil)
    #expect(store.state.userList.session == nil)
    // Signed out, logout asks nothing.
    await store.send(.logoutTapped)
  }

  @Test func aUserScreenIsPushedNamesItsViewerAndPopsItself() async {
    let store = await signedInStore()
    await store.send(.userList(.onAppear)) { $0.userList.isLoading = true }
    await store.receive(.userList(.usersResponse(.success([Fixture.leanne])))) {
      $0.userList.isLoading = false
      $0.userList.users = [UserRow(id: 1, name: "Leanne Graham")]
    }
    await store.send(.userList(.userTapped(id: 1))) {
      $0.userList.path.append(UserDetail.State(user: UserRow(id: 1, name: "Leanne Graham"), viewer: "son"))
    }
    await store.send(.userList(.path(.element(id: 0, action: .greetTapped)))) {
      $0.userList.path[id: 0]?.greeting = "son says hello to Leanne Graham"
    }
    await store.send(.userList(.path(.element(id: 0, action: .closeTapped))))
    await store.receive(.userList(.path(.popFrom(id: 0)))) { $0.userList.path.removeAll() }
    // An id not in the list pushes nothing.
    await store.send(.userList(.userTapped(id: 99)))
    await store.finish()
  }

  @Test func theLogOfANavigatedSessionReplaysVerified() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refold-nav-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.log")
    let recorder = try Recorder<AppFeature.State, AppFeature.Action>(
      file: file, feature: "app", initialState: AppFeature.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature(), plugins: [recorder]) {
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = .inMemory()
      $0.users = .returning([Fixture.leanne])
    }
    store.send(.signInButtonTapped)
    store.send(.signIn(.presented(.binding(.set(\.username, "son")))))
    store.send(.signIn(.presented(.binding(.set(\.password, "pw")))))
    await store.send(.signIn(.presented(.signInTapped))).finish()
    await store.send(.userList(.onAppear)).finish()
    store.send(.userList(.userTapped(id: 1)))
    store.send(.userList(.path(.element(id: 0, action: .greetTapped))))
    store.send(.logoutTapped)
    await store.send(.alert(.presented(.confirmLogout))).finish()
    try await recorder.close()
    let replayed = try Replayer(reducer: AppFeature()).replay(file: file)
    #expect(replayed.state == store.state.redacted())
    #expect(replayed.state.userList.path.last?.greeting == "son says hello to Leanne Graham")
    #expect(replayed.verifiedCheckpoints >= 4)
  }
}
