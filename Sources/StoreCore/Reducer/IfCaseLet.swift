extension Reducer {
  /// Runs `then` on one case of an enum state while the state is in that case, before this
  /// reducer runs.
  ///
  /// ```swift
  /// enum State { case loggedOut(LoggedOut.State), loggedIn(LoggedIn.State) }
  ///
  /// Reduce { state, action in … }
  ///   .ifCaseLet(State.loggedIn, action: Action.loggedIn) { LoggedIn() }
  /// ```
  ///
  /// The case's effects live as long as the state stays in that case: when it moves to another
  /// case, they are cancelled, and a response they had not yet sent is never delivered. A case
  /// action that arrives while the state is in another case anyway is reported and ignored.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: ActionPath<State, CaseState>,
    action toCaseAction: ActionPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      toCaseState: toCaseState,
      toCaseAction: toCaseAction,
      caseReducer: caseReducer(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// ``ifCaseLet(_:action:then:fileID:filePath:line:column:)-(ActionPath<Self.State,CaseState>,ActionPath<Self.Action,CaseAction>,_,_,_,_,_)`` with the cases' constructors.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: @escaping @Sendable (CaseState) -> State,
    action toCaseAction: @escaping @Sendable (CaseAction) -> Action,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    ifCaseLet(
      ActionPath(toCaseState), action: ActionPath(toCaseAction), then: caseReducer,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

public struct _IfCaseLetReducer<Parent: Reducer, Case: Reducer>: Reducer {
  let parent: Parent
  let toCaseState: ActionPath<Parent.State, Case.State>
  let toCaseAction: ActionPath<Parent.Action, Case.Action>
  let caseReducer: Case
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = lifetime(in: state)
    let caseEffect = reduceCase(into: &state, action: action, lifetime: before)
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before, before != lifetime(in: state) else { return .merge(caseEffect, parentEffect) }
    // The state left the case (or holds another value of it with a different `id`).
    return .merge(caseEffect, parentEffect, .cancel(id: before))
  }

  /// The case is its place: one `ifCaseLet` per case, so its reducer's types name it.
  private func lifetime(in state: Parent.State) -> ChildLifetime? {
    toCaseState.extract(state).map { ChildLifetime.of($0, at: ObjectIdentifier(Self.self)) }
  }

  private func reduceCase(
    into state: inout Parent.State, action: Parent.Action, lifetime: ChildLifetime?
  ) -> Effect<Parent.Action> {
    guard let caseAction = toCaseAction.extract(action) else { return .none }
    guard lifetime != nil, var caseState = toCaseState.extract(state) else {
      location.report(
        """
        "ifCaseLet" received an action for a case the state is not in: \(caseAction).
        The case's own effects are cancelled when the state leaves it, so this action came \
        from elsewhere: send it only while the state is in that case.
        """
      )
      return .none
    }
    let effect = caseReducer.reduce(into: &caseState, action: caseAction)
    state = toCaseState.embed(caseState)
    return effect.map(toCaseAction.embed).cancellable(id: lifetime!)
  }
}
