extension AppFeature {
  /// One child state per feature, the sign-in sheet, the logout alert and the shared session.
  ///
  /// JSON: `{"amountInput":{…},"musicSearch":{…},"userList":{…},"following":{…},"greeting":{…},
  /// "playerCard":{…},"session":{"shared":"inMemory:session","value":…}}`, each child in its own
  /// shape, with `"signIn":{…}` while the sheet is up and `"alert":{…}` while the alert is.
  public struct State: Codable, Equatable, Sendable {
    public var amountInput: AmountInput.State
    /// The sign-in sheet, while it is presented.
    @Presents public var signIn: SignIn.State?
    public var musicSearch: MusicSearch.State
    public var userList: UserList.State
    public var following: Following.State
    public var greeting: Greeting.State
    public var playerCard: PlayerCard.State
    /// The signed-in session, shared (`inMemory:session`) with the form and the user list.
    @Shared(.inMemory("session")) public var session: Session? = nil
    /// The alert before logout, while it is up.
    @Presents public var alert: AlertState<Action.Alert>?

    public init(
      amountInput: AmountInput.State = .init(),
      signIn: SignIn.State? = nil,
      musicSearch: MusicSearch.State = .init(),
      userList: UserList.State = .init(),
      following: Following.State = .init(),
      greeting: Greeting.State = .init(),
      playerCard: PlayerCard.State = .init()
    ) {
      self.amountInput = amountInput
      self.signIn = signIn
      self.musicSearch = musicSearch
      self.userList = userList
      self.following = following
      self.greeting = greeting
      self.playerCard = playerCard
    }
  }

  /// One case per feature, wrapping that feature's action, and the app's navigation.
  ///
  /// JSON: `{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}`,
  /// `{"signInButtonTapped":{}}`, `{"signIn":{"_0":{"presented":{"_0":{"signInTapped":{}}}}}}`,
  /// `{"signIn":{"_0":{"dismiss":{}}}}`, `{"logoutTapped":{}}`,
  /// `{"alert":{"_0":{"presented":{"_0":{"confirmLogout":{}}}}}}`,
  /// `{"following":{"_0":{"followTapped":{"id":1}}}}`.
  public enum Action: Codable, Equatable, Sendable {
    case amountInput(AmountInput.Action)
    /// Presents the sign-in sheet (nothing when it is up).
    case signInButtonTapped
    /// The sheet's actions, and its dismissal.
    case signIn(PresentationAction<SignIn.Action>)
    case musicSearch(MusicSearch.Action)
    case userList(UserList.Action)
    case following(Following.Action)
    case greeting(Greeting.Action)
    case playerCard(PlayerCard.Action)
    /// Asks before logging out (nothing when no one is signed in).
    case logoutTapped
    /// The logout alert's buttons.
    case alert(PresentationAction<Alert>)

    /// What the logout alert's buttons send.
    public enum Alert: Codable, Equatable, Sendable {
      case confirmLogout
    }
  }
}
