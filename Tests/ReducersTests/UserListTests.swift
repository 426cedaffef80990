import Foundation
import InternalTestSupport
import Testing
@testable import Reducers

@MainActor
struct UserListTests {
  static let rows = [UserRow(id: 1, name: "Leanne Graham"), UserRow(id: 2, name: "Ervin Howell")]

  @Test(arguments: [UserList.Action.onAppear, .refreshTapped])
  func fetchingFillsTheList(action: UserList.Action) async {
    let store = TestStore(initialState: UserList.State(), reducer: UserList()) {
      $0.users = .returning([Fixture.leanne, Fixture.ervin])
    }
    await store.send(action) { $0.isLoading = true }
    await store.receive(.usersResponse(.success([Fixture.leanne, Fixture.ervin]))) {
      $0.isLoading = false
      $0.users = Self.rows
    }
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func aSecondFetchWhileOneRunsStartsNoOther() async {
    let calls = Recorded<Int>()
    let server = Gate()
    let client = UsersClient {
      calls.append(1)
      await server.wait()
      return [Fixture.leanne]
    }
    let store = TestStore(initialState: UserList.State(), reducer: UserList()) {
      $0.users = client
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await calls.waitForCount(1)
    await store.send(.refreshTapped)
    await store.send(.onAppear)
    server.open()
    await store.receive(.usersResponse(.success([Fixture.leanne]))) {
      $0.isLoading = false
      $0.users = [UserRow(id: 1, name: "Leanne Graham")]
    }
    await store.finish()
    #expect(calls.all.count == 1)
  }

  @Test func refreshingReplacesTheList() async {
    let store = TestStore(
      initialState: UserList.State(users: Self.rows),
      reducer: UserList()
    ) {
      $0.users = .returning([Fixture.ervin])
    }
    await store.send(.refreshTapped) { $0.isLoading = true }
    await store.receive(.usersResponse(.success([Fixture.ervin]))) {
      $0.isLoading = false
      $0.users = [UserRow(id: 2, name: "Ervin Howell")]
    }
    await store.finish()
  }

  @Test(arguments: [
    (FetchError(kind: .network, message: "No answer"), "사용자 목록을 불러오지 못했습니다. 네트워크 연결을 확인해주세요."),
    (FetchError(kind: .parse, message: "The users reply did not decode"), "사용자 목록을 읽지 못했습니다."),
  ])
  func eachErrorKindBecomesStateAndKeepsTheRows(error: FetchError, message: String) async {
    let store = TestStore(initialState: UserList.State(users: Self.rows), reducer: UserList()) {
      $0.users = .failing(error)
    }
    await store.send(.refreshTapped) { $0.isLoading = true }
    await store.receive(.usersResponse(.failure(error))) {
      $0.isLoading = false
      $0.error = error
    }
    await store.finish()
    #expect(store.state.errorMessage == message)
  }

  @Test func aSuccessClearsTheLastError() async {
    let store = TestStore(
      initialState: UserList.State(error: FetchError(kind: .network, message: "x")),
      reducer: UserList()
    ) {
      $0.users = .returning([])
    }
    await store.send(.refreshTapped) { $0.isLoading = true }
    await store.receive(.usersResponse(.success([]))) {
      $0.isLoading = false
      $0.error = nil
    }
    await store.finish()
  }

  @Test func anotherErrorIsMappedToAFetchError() async {
    let store = TestStore(initialState: UserList.State(), reducer: UserList()) {
      $0.users = UsersClient { throw SomethingElse() }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.usersResponse(.failure(FetchError(kind: .network, message: "something else")))) {
      $0.isLoading = false
      $0.error = FetchError(kind: .network, message: "something else")
    }
    await store.finish()
    let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
    #expect(UserList.fetchError(decoding).kind == .parse)
  }

  @Test func errorMessagesComeFromTheTable() {
    #expect(UserList.State().errorMessage == nil)
    let state = UserList.State(error: FetchError(kind: .parse, message: "x"))
    #expect(state.errorMessage(in: .english) == "The users could not be read.")
  }
}
