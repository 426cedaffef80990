extension AppFeature.Action {
  /// Where each child's actions sit in ``AppFeature/Action``, for `Scope`.
  public static let amountInputPath = ActionPath<Self, AmountInput.Action>(
    embed: { .amountInput($0) },
    extract: { if case let .amountInput(action) = $0 { action } else { nil } }
  )
  public static let signInPath = ActionPath<Self, SignIn.Action>(
    embed: { .signIn($0) },
    extract: { if case let .signIn(action) = $0 { action } else { nil } }
  )
  public static let musicSearchPath = ActionPath<Self, MusicSearch.Action>(
    embed: { .musicSearch($0) },
    extract: { if case let .musicSearch(action) = $0 { action } else { nil } }
  )
  public static let userListPath = ActionPath<Self, UserList.Action>(
    embed: { .userList($0) },
    extract: { if case let .userList(action) = $0 { action } else { nil } }
  )
  public static let followingPath = ActionPath<Self, Following.Action>(
    embed: { .following($0) },
    extract: { if case let .following(action) = $0 { action } else { nil } }
  )
  public static let greetingPath = ActionPath<Self, Greeting.Action>(
    embed: { .greeting($0) },
    extract: { if case let .greeting(action) = $0 { action } else { nil } }
  )
  public static let playerCardPath = ActionPath<Self, PlayerCard.Action>(
    embed: { .playerCard($0) },
    extract: { if case let .playerCard(action) = $0 { action } else { nil } }
  )
}
