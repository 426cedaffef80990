import Effects
import Testing

// A consumer's own models, named as the seed app's are. Effects used to carry the seed app's
// `User`, `Session`, `Track`, `Credentials`, `AuthClient` and `SearchError`, and a consumer that
// declared its own got "'User' is ambiguous for type lookup in this context". This file only
// compiles while Effects keeps such names out of its users' namespace.

struct User: Equatable { var nickname: String }
struct Session: Equatable { var user: User }
struct Track: Equatable { var title: String }
struct Credentials: Equatable { var pin: Int }
struct AuthClient { var signIn: @Sendable (Credentials) async -> Session }
enum SearchError: Error, Equatable { case tooShort }

struct ConsumerNamesTests {
  @Test func aConsumersOwnModelsAndClientsAreTheOnesItsNamesFind() async {
    let client = AuthClient { credentials in Session(user: User(nickname: "pin \(credentials.pin)")) }
    let session = await client.signIn(Credentials(pin: 7))
    #expect(session == Session(user: User(nickname: "pin 7")))
    #expect(Track(title: "Ditto").title == "Ditto")
    #expect(SearchError.tooShort == .tooShort)
  }

  @Test func anEffectOfAConsumersActionsStillBuilds() {
    enum Action: Sendable { case signedIn(Session) }
    let effect = Effect<Action>.send(.signedIn(Session(user: User(nickname: "son"))))
    guard case .send(.signedIn(let session), _) = effect.operation else {
      Issue.record("expected a .send effect")
      return
    }
    #expect(session.user.nickname == "son")
  }
}
