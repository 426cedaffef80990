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
  let auth: AuthClient
  let sessions: SessionStore
  let musicSearch: MusicSearchClient
  let users: UsersClient
  let clock: any Clock<Duration>
  let messages: Messages

  public init(
    auth: AuthClient = .unimplemented,
    sessions: SessionStore = .unimplemented,
    musicSearch: MusicSearchClient = .unimplemented,
    users: UsersClient = .unimplemented,
    clock: any Clock<Duration> = ContinuousClock(),
    messages: Messages = .korean
  ) {
    self.auth = auth
    self.sessions = sessions
    self.musicSearch = musicSearch
    self.users = users
    self.clock = clock
    self.messages = messages
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.amountInput, action: Action.amountInput) { AmountInput(messages: messages) }
    Scope(state: \.signIn, action: Action.signIn) { SignIn(auth: auth, sessions: sessions, messages: messages) }
    Scope(state: \.musicSearch, action: Action.musicSearch) { MusicSearch(client: musicSearch, clock: clock) }
    Scope(state: \.userList, action: Action.userList) { UserList(client: users) }
    Scope(state: \.following, action: Action.following) { Following() }
    Scope(state: \.greeting, action: Action.greeting) { Greeting(messages: messages) }
    Scope(state: \.playerCard, action: Action.playerCard) { PlayerCard() }
  }
}
