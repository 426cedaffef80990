/// The actions of a presented child, as its parent sees them: the child's own, and its
/// dismissal.
///
/// ```swift
/// enum Action {
///   case signIn(PresentationAction<SignIn.Action>)
/// }
/// // A line of the log: {"signIn":{"_0":{"presented":{"_0":{"signInTapped":{}}}}}}
/// //                    {"signIn":{"_0":{"dismiss":{}}}}
/// ```
///
/// `.dismiss` is what a view sends when the user closes the sheet, and what the child's
/// ``DismissEffect`` sends when the child closes itself. The parent sees it before the child's
/// state goes away, so it can react (save a draft, say).
public enum PresentationAction<Action> {
  case presented(Action)
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Codable where Action: Codable {}

extension PresentationAction {
  /// The child's action, when this is one.
  public var presented: Action? {
    if case let .presented(action) = self { action } else { nil }
  }
}
