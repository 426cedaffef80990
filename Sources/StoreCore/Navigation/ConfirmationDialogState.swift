/// A confirmation dialog (an action sheet) as a value: a set of choices about something the
/// user just did, each button with the action it sends.
///
/// Like ``AlertState``, a feature keeps it as optional state, so that the choices offered are
/// decided by the reducer, logged, replayed and asserted by ``TestStore``:
///
/// ```swift
/// struct State: Equatable {
///   var dialog: ConfirmationDialogState<Action.Dialog>?
/// }
///
/// case .deleteTapped:
///   state.dialog = ConfirmationDialogState(
///     title: "Delete this playlist?",
///     titleVisibility: .visible,
///     buttons: [
///       .destructive("Delete", action: .confirmDelete),
///       .default("Archive instead", action: .archive),
///       .cancel("Cancel"),
///     ]
///   )
///   return .none
/// ```
///
/// The view sends `.dialog(action)` for the tapped button that has one, and the feature clears
/// `dialog` when it is dismissed. Unlike an alert, a dialog given no buttons gets none:
/// the platform's dialog can always be dismissed without one.
///
/// It is `Equatable`, `Hashable`, `Sendable` and `Codable` when its `Action` is. In the log:
/// `{"title":"Delete this playlist?","titleVisibility":"visible","buttons":[…]}`.
public struct ConfirmationDialogState<Action> {
  /// What the choices are about.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogTitleVisibility
  /// More detail under the title; `nil` for none.
  public var message: String?
  /// The choices, in the order they are given; the platform may move a cancel button.
  public var buttons: [ButtonState<Action>]
  /// Which presentation this is (``PresentationToken``): neither compared nor encoded.
  let presentationToken = PresentationToken.next()

  /// A dialog with the given choices, its title shown as the platform decides unless
  /// `titleVisibility` says otherwise.
  public init(
    title: String,
    titleVisibility: ConfirmationDialogTitleVisibility = .automatic,
    message: String? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }

  /// The same dialog with every button's action passed through `transform`, so that a parent
  /// can show a child's dialog as its own (`dialog.map(Action.child)`).
  public func map<T>(_ transform: (Action) throws -> T) rethrows -> ConfirmationDialogState<T> {
    ConfirmationDialogState<T>(
      title: title,
      titleVisibility: titleVisibility,
      message: message,
      buttons: try buttons.map { try $0.map(transform) }
    )
  }
}

/// Dialogs that read the same are equal, whichever presentation they are.
extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility && lhs.message == rhs.message
      && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: EphemeralState {}
extension ConfirmationDialogState: PresentationIdentified {}
