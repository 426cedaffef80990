extension AppFeature {
  /// One child state per feature.
  ///
  /// JSON: `{"amountInput":{…},"signIn":{…},"musicSearch":{…},"userList":{…},"following":{…},
  /// "greeting":{…},"playerCard":{…}}`, each child in its own shape.
  public struct State: Codable, Equatable, Sendable {
    public var amountInput: AmountInput.State
    public var signIn: SignIn.State
    public var musicSearch: MusicSearch.State
    public var userList: UserList.State
    public var following: Following.State
    public var greeting: Greeting.State
    public var playerCard: PlayerCard.State

    public init(
      amountInput: AmountInput.State = .init(),
      signIn: SignIn.State = .init(),
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

  /// One case per feature, wrapping that feature's action.
  ///
  /// JSON: `{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}`,
  /// `{"signIn":{"_0":{"signInTapped":{}}}}`, `{"following":{"_0":{"followTapped":{"id":1}}}}`.
  public enum Action: Codable, Equatable, Sendable {
    case amountInput(AmountInput.Action)
    case signIn(SignIn.Action)
    case musicSearch(MusicSearch.Action)
    case userList(UserList.Action)
    case following(Following.Action)
    case greeting(Greeting.Action)
    case playerCard(PlayerCard.Action)
  }
}
