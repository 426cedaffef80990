import Foundation

/// Every feature in one store: what `refold demo` drives.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature()) {
///   $0.auth = .live(baseURL: api)
///   $0.musicSearch = .live(baseURL: api)
///   $0.users = .live(baseURL: api)
/// }
/// store.send(.amountInput(.textChanged("1234")))
/// store.send(.signIn(.signInTapped))
/// ```
///
/// Each child runs under a `Scope` on its own part of the state, and its effects come back
/// wrapped in its case. The children read their clients as dependencies, so the store's
/// dependencies reach every one of them.
public struct AppFeature: Reducer {
  let messages: Messages

  public init(messages: Messages = .korean) {
    self.messages = messages
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.amountInput, action: Action.amountInput) { AmountInput(messages: messages) }
    Scope(state: \.signIn, action: Action.signIn) { SignIn(messages: messages) }
    Scope(state: \.musicSearch, action: Action.musicSearch) { MusicSearch() }
    Scope(state: \.userList, action: Action.userList) { UserList() }
    Scope(state: \.following, action: Action.following) { Following() }
    Scope(state: \.greeting, action: Action.greeting) { Greeting(messages: messages) }
    Scope(state: \.playerCard, action: Action.playerCard) { PlayerCard() }
  }
}
