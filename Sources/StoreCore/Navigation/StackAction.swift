/// What happens to a stack of screens, as its parent's action: a screen's own action, a pop
/// (the screen with an id and all above it), or a push with the id the screen gets.
///
/// ```swift
/// enum Action { case path(StackAction<Path.State, Path.Action>) }
/// // Lines of the log:
/// // {"path":{"_0":{"element":{"id":0,"action":{"detail":{"_0":{"refreshTapped":{}}}}}}}}
/// // {"path":{"_0":{"popFrom":{"id":0}}}}
/// ```
public enum StackAction<State, Action> {
  case element(id: StackElementID, action: Action)
  case popFrom(id: StackElementID)
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Codable where State: Codable, Action: Codable {}
