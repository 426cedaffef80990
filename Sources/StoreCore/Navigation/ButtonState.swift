/// One button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role, and
/// the action the feature receives when it is tapped.
///
/// The button holds the action itself, not a closure, so that a presented alert is plain state:
/// it compares, logs, replays and is asserted by ``TestStore`` like any other field.
///
/// ```swift
/// [
///   .destructive("Log out", action: .confirmLogout),
///   .cancel("Cancel"),
/// ]
/// ```
///
/// A button without an action only dismisses what it belongs to.
public struct ButtonState<Action> {
  /// The text on the button.
  public var label: String
  /// How the platform should style and place it; `nil` for an ordinary button.
  public var role: ButtonStateRole?
  /// What the feature is sent when the button is tapped; `nil` when tapping it should only
  /// dismiss the alert or dialog.
  public var action: Action?

  /// A button with any role. The static functions ``cancel(_:action:)`` and
  /// ``destructive(_:action:)`` (and `default(_:action:)`) read better in a list of buttons.
  public init(label: String, role: ButtonStateRole? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// An ordinary button. Without an action it only dismisses, like an alert's "OK".
  public static func `default`(_ label: String, action: Action? = nil) -> Self {
    Self(label: label, role: nil, action: action)
  }

  /// A button that backs out. It usually sends nothing: the feature clears its alert when it is
  /// dismissed anyway.
  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(label: label, role: .cancel, action: action)
  }

  /// A button that destroys or discards something. It takes an action (not an optional one)
  /// because a destructive button that did nothing would be a cancel button in red.
  public static func destructive(_ label: String, action: Action) -> Self {
    Self(label: label, role: .destructive, action: action)
  }

  /// The same button sending `transform(action)`, so that a parent can present a child's
  /// buttons with the parent's own action (`button.map(Action.alert)`). A button with no action
  /// stays without one.
  public func map<T>(_ transform: (Action) throws -> T) rethrows -> ButtonState<T> {
    ButtonState<T>(label: label, role: role, action: try action.map(transform))
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
