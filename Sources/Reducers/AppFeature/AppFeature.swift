import Foundation

/// Every feature in one store: what `refold demo` drives, with the navigation of an app.
///
/// ```swift
/// import LiveClients   // the clients' live values, over HTTP
///
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature()) {
///   $0.auth = .live(baseURL: api)
///   $0.musicSearch = .live(baseURL: api)
///   $0.users = .live(baseURL: api)
/// }
/// store.send(.amountInput(.textChanged("1234")))
/// store.send(.signInButtonTapped)                          // presents the sign-in sheet
/// store.send(.signIn(.presented(.signInTapped)))           // … closes it once signed in
/// store.send(.userList(.userTapped(id: 1)))                // drills down into a user
/// store.send(.logoutTapped)                                // asks first
/// store.send(.alert(.presented(.confirmLogout)))
/// ```
///
/// - The sign-in form is a sheet (`signIn`, ``PresentationState``): `signInButtonTapped`
///   presents it, a successful login closes it, and closing it cancels a login in flight.
/// - The session is shared (`@Shared(.inMemory("session"))`) by the form, the app and the user
///   list: the form's login sets it everywhere.
/// - `logoutTapped` asks in an alert (``AlertState``) before it forgets the session, here and
///   in the ``SessionStore``.
/// - The user list drills down into users' screens (``UserList``).
///
/// The children read their clients as dependencies, so the store's dependencies reach every one
/// of them.
public struct AppFeature: Reducer {
  @Dependency(\.sessions) var sessions
  let messages: Messages

  public init(messages: Messages = .korean) {
    self.messages = messages
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.amountInput, action: Action.amountInput) { AmountInput(messages: messages) }
    Scope(state: \.musicSearch, action: Action.musicSearch) { MusicSearch() }
    Scope(state: \.userList, action: Action.userList) { UserList() }
    Scope(state: \.following, action: Action.following) { Following() }
    Scope(state: \.greeting, action: Action.greeting) { Greeting(messages: messages) }
    Scope(state: \.playerCard, action: Action.playerCard) { PlayerCard() }
    Reduce(navigation)
      .ifLet(\.$signIn, action: Action.signIn) { SignIn(messages: messages) }
      .ifLet(\.$alert, action: Action.alert)
  }

  private func navigation(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .signInButtonTapped:
      if state.signIn == nil { state.signIn = SignIn.State() }
      return .none

    case .signIn(.presented(.loginResponse(.success))):
      // The form has set the shared session: the sheet's work is done.
      state.signIn = nil
      return .none

    case .logoutTapped:
      guard state.session != nil else { return .none }
      state.alert = AlertState(
        title: messages.logoutQuestion,
        buttons: [.destructive(messages.logoutButton, action: .confirmLogout), .cancel(messages.cancelButton)])
      return .none

    case .alert(.presented(.confirmLogout)):
      state.session = nil
      let sessions = self.sessions
      return .run { _ in try await sessions.clear() }

    case .amountInput, .signIn, .musicSearch, .userList, .following, .greeting, .playerCard, .alert:
      return .none
    }
  }
}
