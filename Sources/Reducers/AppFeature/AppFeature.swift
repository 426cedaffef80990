import Foundation

/// Every feature in one store: what `refold demo` drives.
///
/// ```swift
/// let app = AppFeature(
///   auth: .live(baseURL: api), sessions: .live(),
///   musicSearch: .live(baseURL: api), users: .live(baseURL: api),
///   clock: ContinuousClock()
/// )
/// let store = Store(initialState: AppFeature.State(), reducer: app)
/// store.send(.amountInput(.textChanged("1234")))
/// store.send(.signIn(.signInTapped))
/// ```
///
/// Each child runs under a `Scope` on its own part of the state, and its effects come back
/// wrapped in its case. With no arguments every client is `unimplemented`: enough for replay.
public struct AppFeature: Reducer {
  private let body: Reduce<State, Action>

  public init(
    auth: AuthClient = .unimplemented,
    sessions: SessionStore = .unimplemented,
    musicSearch: MusicSearchClient = .unimplemented,
    users: UsersClient = .unimplemented,
    clock: any Clock<Duration> = ContinuousClock(),
    messages: Messages = .korean
  ) {
    body = Reduce(
      CombineReducers {
        Scope(state: \State.amountInput, action: Action.amountInputPath) {
          AmountInput(messages: messages)
        }
        Scope(state: \State.signIn, action: Action.signInPath) {
          SignIn(auth: auth, sessions: sessions, messages: messages)
        }
        Scope(state: \State.musicSearch, action: Action.musicSearchPath) {
          MusicSearch(client: musicSearch, clock: clock)
        }
        Scope(state: \State.userList, action: Action.userListPath) {
          UserList(client: users)
        }
        Scope(state: \State.following, action: Action.followingPath) {
          Following()
        }
        Scope(state: \State.greeting, action: Action.greetingPath) {
          Greeting(messages: messages)
        }
        Scope(state: \State.playerCard, action: Action.playerCardPath) {
          PlayerCard()
        }
      }
    )
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
