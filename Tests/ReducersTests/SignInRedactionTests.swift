import Testing
@testable import Reducers

struct SignInRedactionTests {
  static let signedIn = SignIn.State(
    username: "son@example.com", password: "password123", session: Fixture.session, errorMessage: nil
  )

  @Test func redactionHidesThePasswordAndTheToken() throws {
    let redacted = Self.signedIn.redacted()
    #expect(redacted.password == Redaction.placeholder)
    #expect(redacted.session?.token == Redaction.placeholder)
    #expect(redacted.username == "son@example.com")
    #expect(redacted.session?.email == "son@example.com")
    let text = try json(redacted)
    #expect(!text.contains("password123"))
    #expect(!text.contains("jwt-secret"))
  }

  @Test func anEmptyPasswordStaysEmptySoCanSubmitKeepsItsMeaning() {
    let state = SignIn.State(username: "son", password: "")
    #expect(state.redacted() == state)
    #expect(SignIn.State(username: "son", password: "pw").redacted().canSubmit)
  }

  static let actions: [SignIn.Action] = [
    .binding(.set(\.username, "son")),
    .binding(.set(\.password, "password123")),
    .binding(.set(\.password, "")),
    .binding(.set(\.password, Redaction.placeholder)),
    .signInTapped,
    .loginResponse(.success(Fixture.session)),
    .loginResponse(.failure(LoginError(kind: .rejected, message: "Invalid identifier or password"))),
    .signOutTapped,
  ]

  @Test(arguments: actions)
  func actionRedactionIsIdempotentAndHidesSecrets(action: SignIn.Action) throws {
    let once = action.redacted()
    #expect(once.redacted() == once)
    let text = try json(once)
    #expect(!text.contains("password123"))
    #expect(!text.contains("jwt-secret"))
  }

  @Test func redactedActionsAreTheExpectedOnes() {
    #expect(SignIn.Action.binding(.set(\.password, "pw")).redacted() == .binding(.set(\.password, "<redacted>")))
    #expect(SignIn.Action.binding(.set(\.password, "")).redacted() == .binding(.set(\.password, "")))
    #expect(SignIn.Action.binding(.set(\.username, "son")).redacted() == .binding(.set(\.username, "son")))
    var session = Fixture.session
    session.token = "<redacted>"
    #expect(SignIn.Action.loginResponse(.success(Fixture.session)).redacted() == .loginResponse(.success(session)))
  }

  @Test(arguments: [SignIn.State(), signedIn, SignIn.State(username: "a", password: "b", isLoading: true, errorMessage: "x")])
  func stateRedactionIsIdempotent(state: SignIn.State) {
    #expect(state.redacted().redacted() == state.redacted())
  }

  /// What replay relies on: folding the redacted log from the redacted initial state ends at
  /// the redacted live state, after every action.
  @Test func foldingRedactedActionsGivesTheRedactedState() {
    let reducer = SignIn()
    var live = SignIn.State()
    var replayed = live.redacted()
    let session = Fixture.session
    let script: [SignIn.Action] = [
      .binding(.set(\.username, "son@example.com")), .binding(.set(\.password, "wrong")),
      .loginResponse(.failure(LoginError(kind: .rejected, message: "Invalid"))),
      .binding(.set(\.password, "")), .binding(.set(\.password, "password123")),
      .loginResponse(.success(session)), .binding(.set(\.username, "other")), .signOutTapped,
    ]
    for action in script {
      _ = reducer.reduce(into: &live, action: action)
      _ = reducer.reduce(into: &replayed, action: action.redacted())
      #expect(replayed.redacted() == live.redacted(), "after \(action)")
    }
  }

  @Test func theAppForwardsRedactionToSignIn() throws {
    let state = AppFeature.State(signIn: Self.signedIn)
    #expect(state.redacted().signIn == Self.signedIn.redacted())
    #expect(state.redacted().redacted() == state.redacted())
    #expect(
      AppFeature.Action.signIn(.presented(.binding(.set(\.password, "pw")))).redacted()
        == .signIn(.presented(.binding(.set(\.password, Redaction.placeholder)))))
    #expect(AppFeature.Action.amountInput(.textChanged("pw")).redacted() == .amountInput(.textChanged("pw")))
    // What the Recorder calls: it finds the conformance through the existential.
    #expect(Redaction.apply(state) == state.redacted())
    #expect(!(try json(Redaction.apply(state))).contains("jwt-secret"))
  }
}
