import Foundation
import InternalTestSupport
import Testing
@testable import Reducers

@MainActor
struct SignInTests {
  static let filled = SignIn.State(username: "son@example.com", password: "password123")

  @Test func typingFillsTheFields() async {
    let store = TestStore(initialState: SignIn.State(), reducer: SignIn())
    await store.send(.binding(.set(\.username, "son@example.com"))) { $0.username = "son@example.com" }
    await store.send(.binding(.set(\.password, "password123"))) { $0.password = "password123" }
    await store.finish()
  }

  @Test(arguments: [
    ("", "", false, false),
    ("son", "", false, false),
    ("", "pw", false, false),
    ("son", "pw", false, true),
    ("son", "pw", true, false),
  ])
  func canSubmitNeedsBothFieldsAndNoLoginInFlight(username: String, password: String, isLoading: Bool, canSubmit: Bool) {
    let state = SignIn.State(username: username, password: password, isLoading: isLoading)
    #expect(state.canSubmit == canSubmit)
  }

  @Test func aSuccessfulLoginKeepsTheSessionThenSignsIn() async throws {
    let credentials = Recorded<Credentials>()
    let sessions = SessionStore.inMemory()
    let auth = AuthClient { given in
      credentials.append(given)
      return Fixture.session
    }
    let store = TestStore(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = auth
      $0.sessions = sessions
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.success(Fixture.session))) {
      $0.isLoading = false
      $0.session = Fixture.session
    }
    await store.finish()
    #expect(credentials.all == [Credentials(identifier: "son@example.com", password: "password123")])
    #expect(try await sessions.load() == Fixture.session)
  }

  @Test func theSessionIsSavedBeforeTheStateHasIt() async throws {
    let events = Recorded<String>()
    let sessions = SessionStore(
      save: { _ in events.append("saved") },
      load: { nil },
      clear: {}
    )
    let store = Store(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = sessions
    }
    let binding = store.lazyBind(\.session) { _ in events.append("state") }
    await store.send(.signInTapped).finish()
    binding.cancel()
    #expect(events.all == ["saved", "state"])
  }

  @Test func aRejectedLoginShowsTheServersMessage() async {
    let error = LoginError(kind: .rejected, message: "Invalid identifier or password")
    let store = TestStore(
      initialState: Self.filled,
      reducer: SignIn()
    ) {
      $0.auth = .failing(error)
      $0.sessions = .unimplemented
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = "Invalid identifier or password"
    }
    await store.finish()
  }

  @Test(arguments: [
    (LoginError(kind: .rejected, message: ""), "아이디 또는 비밀번호를 확인해주세요."),
    (LoginError(kind: .network, message: "No answer from http://127.0.0.1:1/auth/local"), "네트워크 연결을 확인해주세요."),
    (LoginError(kind: .parse, message: "The login reply did not decode"), "서버 응답을 처리하지 못했습니다."),
  ])
  func eachErrorKindHasAMessage(error: LoginError, message: String) async {
    let store = TestStore(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = .failing(error)
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = message
    }
    await store.finish()
  }

  @Test func anotherErrorBecomesANetworkError() async {
    let store = TestStore(
      initialState: Self.filled,
      reducer: SignIn()
    ) {
      $0.auth = AuthClient { _ in throw SomethingElse() }
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(LoginError(kind: .network, message: "something else")))) {
      $0.isLoading = false
      $0.errorMessage = "네트워크 연결을 확인해주세요."
    }
    await store.finish()
  }

  @Test func aDecodingErrorBecomesAParseError() {
    let error = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
    #expect(SignIn.loginError(error).kind == .parse)
    #expect(SignIn.loginError(LoginError(kind: .rejected, message: "no")) == LoginError(kind: .rejected, message: "no"))
  }

  @Test func aNewLoginClearsTheLastError() async {
    let error = LoginError(kind: .rejected, message: "Wrong password")
    var state = Self.filled
    state.errorMessage = "Wrong password"
    let store = TestStore(initialState: state, reducer: SignIn()) {
      $0.auth = .failing(error)
    }
    await store.send(.signInTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.loginResponse(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = "Wrong password"
    }
    await store.finish()
  }

  @Test(arguments: [SignIn.State(), SignIn.State(username: "son"), SignIn.State(password: "pw")])
  func signingInWithAnEmptyFieldDoesNothing(state: SignIn.State) async {
    // The unimplemented clients fail the test if anything is called.
    let store = TestStore(initialState: state, reducer: SignIn())
    await store.send(.signInTapped)
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func aDoubleTapCancelsTheFirstLogin() async throws {
    let started = Recorded<String>()
    let cancelled = Recorded<String>()
    let sessions = SessionStore.inMemory()
    let auth = AuthClient { credentials in
      started.append(credentials.password)
      guard credentials.password == "second" else {
        do { try await untilCancelled() } catch {
          cancelled.append(credentials.password)
          throw error
        }
      }
      return Fixture.session
    }
    let store = TestStore(
      initialState: SignIn.State(username: "son", password: "first"),
      reducer: SignIn()
    ) {
      $0.auth = auth
      $0.sessions = sessions
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await started.waitForCount(1)  // the first login is in flight
    await store.send(.binding(.set(\.password, "second"))) { $0.password = "second" }
    await store.send(.signInTapped)
    await store.receive(.loginResponse(.success(Fixture.session))) {
      $0.isLoading = false
      $0.session = Fixture.session
    }
    await store.finish()
    #expect(started.all == ["first", "second"])
    #expect(cancelled.all == ["first"])
    #expect(try await sessions.load() == Fixture.session)
  }

  @Test func signingOutForgetsTheStoredSession() async throws {
    let sessions = SessionStore.inMemory(Fixture.session)
    let store = TestStore(
      initialState: SignIn.State(username: "son", password: "pw", session: Fixture.session),
      reducer: SignIn()
    ) {
      $0.sessions = sessions
    }
    await store.send(.signOutTapped) { $0.session = nil }
    await store.finish()
    #expect(try await sessions.load() == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func signingOutCancelsALoginInFlight() async throws {
    let started = Recorded<Credentials>()
    let cancelled = Recorded<Credentials>()
    let sessions = SessionStore.inMemory()
    let auth = AuthClient { credentials in
      started.append(credentials)
      do { try await untilCancelled() } catch {
        cancelled.append(credentials)
        throw error
      }
    }
    let store = TestStore(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = auth
      $0.sessions = sessions
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await started.waitForCount(1)
    await store.send(.signOutTapped) { $0.isLoading = false }
    await store.finish()
    #expect(cancelled.all.count == 1)
    #expect(try await sessions.load() == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func signingOutWhileTheSessionIsSavedLeavesNoSessionBehind() async throws {
    let kept = SessionStore.inMemory()
    let saving = Recorded<Session>()
    let cleared = Recorded<Bool>()
    let disk = Gate()
    let sessions = SessionStore(
      save: { session in
        saving.append(session)
        await disk.wait()  // a slow write, which cancellation cannot stop
        try await kept.save(session)
      },
      load: { try await kept.load() },
      clear: {
        try await kept.clear()
        cleared.append(true)
      }
    )
    let store = TestStore(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = sessions
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await saving.waitForCount(1)
    await store.send(.signOutTapped) { $0.isLoading = false }
    await cleared.waitForCount(1)  // the sign-out's clear ran before the write finished
    disk.open()
    await store.finish()
    // NB: `finish()` does not wait for the cancelled login's task, which goes on saving and
    //     then clears on another thread: wait for that second clear, or the check below races
    //     it (it failed once in make test, with the session still there).
    await cleared.waitForCount(2)
    #expect(try await kept.load() == nil)
  }

  @Test func aSessionThatCannotBeSavedStillSignsInAndIsReported() async {
    let sessions = SessionStore(
      save: { _ in throw ReadOnlyDisk() },
      load: { nil },
      clear: {}
    )
    let store = TestStore(initialState: Self.filled, reducer: SignIn()) {
      $0.auth = .succeeding(Fixture.session)
      $0.sessions = sessions
    }
    await withKnownIssue {
      await store.send(.signInTapped) { $0.isLoading = true }
      await store.receive(.loginResponse(.success(Fixture.session))) {
        $0.isLoading = false
        $0.session = Fixture.session
      }
      await store.finish()
    } matching: { issue in
      issue.description.contains("read-only")
    }
  }

  @Test func theEnglishTableWritesEnglishErrors() async {
    let error = LoginError(kind: .network, message: "down")
    let store = TestStore(initialState: Self.filled, reducer: SignIn(messages: .english)) {
      $0.auth = .failing(error)
    }
    await store.send(.signInTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = "Please check your network connection."
    }
    await store.finish()
  }
}
