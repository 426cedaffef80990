import IssueReporting

extension Reducer {
  /// Runs `then` on optional child state while it is present, before this reducer runs.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.details, action: Action.detailsPath) { Details() }
  /// ```
  ///
  /// A child action that arrives while the child state is `nil` is reported and ignored.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: ActionPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self,
      toChildState: toChildState,
      toChildAction: toChildAction,
      child: child(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: ActionPath<Parent.Action, Child.Action>
  let child: Child
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffect = reduceChild(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    return .merge(childEffect, parentEffect)
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      location.report(
        """
        "ifLet" received a child action while the child state was nil: \(childAction).
        Cancel the child's effects when its state goes away, or ignore late responses.
        """
      )
      return .none
    }
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map(toChildAction.embed)
  }
}
