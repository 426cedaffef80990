extension Reducer {
  /// Runs `then` on optional child state while it is present, before this reducer runs.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.details, action: Action.details) { Details() }
  /// ```
  ///
  /// The child's effects live as long as the child: when its state becomes `nil` (or is
  /// replaced by another value with a different `id`, for `Identifiable` state), they are
  /// cancelled, and a response they had not yet sent is never delivered. A child action that
  /// arrives while the child state is `nil` anyway (sent from outside) is reported and ignored.
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

  /// ``ifLet(_:action:then:fileID:filePath:line:column:)-(_,ActionPath<Self.Action,ChildAction>,_,_,_,_,_)`` with the child's case constructor:
  /// `.ifLet(\.details, action: Action.details) { Details() }`.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      toChildState, action: ActionPath(toChildAction), then: child,
      fileID: fileID, filePath: filePath, line: line, column: column
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
    let before = lifetime(in: state)
    let childEffect = reduceChild(into: &state, action: action, lifetime: before)
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before, before != lifetime(in: state) else { return .merge(childEffect, parentEffect) }
    // The child went away (or was replaced): its effects go with it, the ones just started too.
    return .merge(childEffect, parentEffect, .cancel(id: before))
  }

  private func lifetime(in state: Parent.State) -> ChildLifetime? {
    state[keyPath: toChildState].map { ChildLifetime.of($0, at: toChildState) }
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action, lifetime: ChildLifetime?
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    guard let lifetime else {
      location.report(
        """
        "ifLet" received a child action while the child state was nil: \(childAction).
        The child's own effects are cancelled when it goes away, so this action came from \
        elsewhere: send it only while the child is present.
        """
      )
      return .none
    }
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map(toChildAction.embed)
      .cancellable(id: lifetime)
  }
}
