/// An alert as a value: its title, message and buttons, each button with the action it sends.
///
/// A feature keeps the alert it is showing as optional state, so that whether an alert is up,
/// what it says and what its buttons do are decided by the reducer, logged with every change,
/// replayed, and asserted by ``TestStore``, instead of living in a view's `@State`:
///
/// ```swift
/// struct Account: Reducer {
///   struct State: Equatable {
///     @Presents var alert: AlertState<Action.Alert>?
///     var isLoggedIn = true
///   }
///   enum Action {
///     case logoutTapped
///     case alert(PresentationAction<Alert>)
///
///     enum Alert { case confirmLogout }
///   }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       switch action {
///       case .logoutTapped:
///         state.alert = AlertState(
///           title: "Log out?",
///           buttons: [.destructive("Log out", action: .confirmLogout), .cancel("Cancel")]
///         )
///       case .alert(.presented(.confirmLogout)):
///         state.isLoggedIn = false
///       case .alert:
///         break
///       }
///       return .none
///     }
///     .ifLet(\.$alert, action: Action.alert)   // any of its actions dismisses it
///   }
/// }
/// ```
///
/// The view presents `store.alert` while it is not `nil`. A tapped button sends its action,
/// if it has one, and the alert goes away after it reaches the reducer (an alert is
/// ``EphemeralState``); a button without an action sends the dismissal:
///
/// ```swift
/// store.send(.alert(button.action.map { .presented($0) } ?? .dismiss))
/// ```
///
/// A test asserts the alert like any other state:
///
/// ```swift
/// await store.send(.logoutTapped) {
///   $0.alert = AlertState(
///     title: "Log out?",
///     buttons: [.destructive("Log out", action: .confirmLogout), .cancel("Cancel")]
///   )
/// }
/// await store.send(.alert(.presented(.confirmLogout))) {
///   $0.alert = nil
///   $0.isLoggedIn = false
/// }
/// ```
///
/// It is `Equatable`, `Hashable`, `Sendable` and `Codable` when its `Action` is, so the log
/// shows it as the reader would write it, a `nil` message or role or action left out:
///
/// ```json
/// {"title":"Log out?","buttons":[
///   {"label":"Log out","role":"destructive","action":{"confirmLogout":{}}},
///   {"label":"Cancel","role":"cancel"}]}
/// ```
public struct AlertState<Action> {
  /// The alert's headline: the question or the news.
  public var title: String
  /// More detail under the title; `nil` for none.
  public var message: String?
  /// The buttons, in the order they are given; the platform may move a cancel button.
  public var buttons: [ButtonState<Action>]
  /// Which presentation this is (``PresentationToken``): neither compared nor encoded.
  let presentationToken = PresentationToken.next()

  /// An alert with the given buttons. An alert with no buttons gets one, "OK", with no role and
  /// no action, because an alert the user cannot close would trap them: tapping it only
  /// dismisses the alert.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons.isEmpty ? [.default("OK")] : buttons
  }

  /// The same alert with every button's action passed through `transform`, so that a parent
  /// can show a child's alert as its own (`alert.map(Action.child)`).
  public func map<T>(_ transform: (Action) throws -> T) rethrows -> AlertState<T> {
    var alert = AlertState<T>(title: title, message: message)
    alert.buttons = try buttons.map { try $0.map(transform) }
    return alert
  }
}

/// Alerts that read the same are equal, whichever presentation they are.
extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}
extension AlertState: EphemeralState {}
extension AlertState: PresentationIdentified {}
