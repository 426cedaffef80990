import Foundation
import StoreCore

/// The signed-in member, shared by the features below.
struct Member: Codable, Equatable, Sendable {
  var name: String
}

/// Signs in and out: writes the shared account.
struct Login: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("account")) var account: Member? = nil
  }

  enum Action: Codable, Equatable, Sendable {
    case signedIn(String)
    case signedOut
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .signedIn(let name): state.account = Member(name: name)
    case .signedOut: state.account = nil
    }
    return .none
  }
}

/// Reads the shared account; shown as a sheet, so it is made after sign-in.
struct Badge: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("account")) var account: Member? = nil
    var taps = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case tapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.taps += 1
    return .none
  }
}

/// The root: a login, a list that reads the account, a badge presented on demand, and the
/// changes made elsewhere (``SharedChange``).
struct Lobby: Reducer {
  struct State: Codable, Equatable, Sendable {
    var login = Login.State()
    @Shared(.inMemory("account")) var account: Member? = nil
    @Presents var badge: Badge.State?
    var greetings: [String] = []
  }

  enum Action: Codable, Equatable, Sendable, SharedChangeAction {
    case login(Login.Action)
    case showBadge
    case badge(PresentationAction<Badge.Action>)
    case greet
    case shared(SharedChange)
  }

  var body: some Reducer<State, Action> {
    SharedReducer()
    Scope(state: \.login, action: Action.login) { Login() }
    Reduce { state, action in
      switch action {
      case .showBadge: state.badge = Badge.State()
      case .greet: state.greetings.append("hello \(state.account?.name ?? "nobody")")
      case .login, .badge, .shared: break
      }
      return .none
    }
    .ifLet(\.$badge, action: Action.badge) { Badge() }
  }
}

/// A setting kept in a file.
struct Theme: Codable, Equatable, Sendable {
  var dark: Bool
  var accent: String
}

/// Changes a file-backed setting, and takes outside changes to it.
struct Appearance: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared var theme: Theme

    init(file: URL) {
      _theme = Shared(wrappedValue: Theme(dark: false, accent: "blue"), .fileStorage(file))
    }
  }

  enum Action: Codable, Equatable, Sendable, SharedChangeAction {
    case toggleDark
    case shared(SharedChange)
  }

  var body: some Reducer<State, Action> {
    SharedReducer()
    Reduce { state, action in
      if case .toggleDark = action { state.theme.dark.toggle() }
      return .none
    }
  }
}

/// `Appearance` without a `SharedReducer`: outside changes are folded but never applied.
struct ForgetfulAppearance: Reducer {
  func reduce(into state: inout Appearance.State, action: Appearance.Action) -> Effect<Appearance.Action> {
    .none
  }
}

/// Keeps a shared secret: redacted in the log, never in the store.
struct Vault: Reducer {
  struct State: Codable, Equatable, Sendable, Redactable {
    @Shared(.inMemory("pin")) var pin = ""
    /// The pin's length at each `.measure`: what the reducer saw, without the secret.
    var lengths: [Int] = []

    func redacted() -> Self {
      var copy = self
      // A write outside a reducer: it changes this copy alone.
      if !copy.pin.isEmpty { copy.pin = Redaction.placeholder }
      return copy
    }
  }

  enum Action: Codable, Equatable, Sendable, Redactable {
    case setPin(String)
    case measure

    func redacted() -> Self {
      if case .setPin = self { return .setPin(Redaction.placeholder) }
      return self
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setPin(let pin): state.pin = pin
    case .measure: state.lengths.append(state.pin.count)
    }
    return .none
  }
}

/// Invites guests to a shared list; a screen of the list can be opened with its state in the
/// action, as a line of `refold run` pushes one.
struct Party: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("guests")) var guests: [String] = []
    @Presents var list: GuestList.State?
  }

  enum Action: Codable, Equatable, Sendable {
    case invite(String)
    case open(GuestList.State)
    case list(PresentationAction<GuestList.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .invite(let name): state.guests.append(name)
      case .open(let list): state.list = list
      case .list: break
      }
      return .none
    }
    .ifLet(\.$list, action: Action.list) { GuestList() }
  }
}

/// The guest list as a screen: adds to the shared list.
struct GuestList: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("guests")) var guests: [String] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case invite(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .invite(let name): state.guests.append(name)
    }
    return .none
  }
}

/// A counter shared under a key, written as TCA writes it (`withLock`), that says so in an alert
/// with no actions of its own: `AlertState<Never>`, which is `Codable` as `Never` is, where an
/// empty `enum Alert {}` could not have `Codable` synthesized.
struct Tally: Reducer {
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("tally")) var count = 0
    @Presents var alert: AlertState<Never>?
  }

  enum Action: Codable, Equatable, Sendable {
    case countTapped
    case alert(PresentationAction<Never>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .countTapped = action {
        let count = state.$count.withLock { count in
          count += 1
          return count
        }
        state.alert = AlertState(title: "Counted \(count)")
      }
      return .none
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}
