public import CasePathsCore

// The reducer operators with TCA's case key paths, `Scope(state: \.child, action: \.child)`,
// for `CasePathable` action (and enum state) types. Each forwards to the operator that takes an
// ``ActionPath``; the case-constructor forms (`action: Action.child`) need no macro.

extension Scope {
  /// The initializer with the action's case key path:
  /// `Scope(state: \.signIn, action: \.signIn) { SignIn() }`.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: ActionPath(toChildAction), child: child)
  }

  /// One case of an enum state, both named by case key paths:
  /// `Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }`. An action of the case that
  /// arrives while the state is in another case is reported and ignored.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      enumCase: ActionPath(toChildState), action: ActionPath(toChildAction), child: child(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// `.ifLet(\.details, action: \.details) { Details() }`, for optional child state.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      toChildState, action: ActionPath(toChildAction), then: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `.ifLet(\.$destination, action: \.destination) { Destination() }`, for a presented child.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      toPresentationState, action: ActionPath(toPresentationAction), then: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `.ifLet(\.$alert, action: \.alert)`, for an alert or a confirmation dialog.
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentationState, action: ActionPath(toPresentationAction),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `.ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }`, for one case of an enum state.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then caseReducer: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where CaseState == Case.State, CaseAction == Case.Action {
    ifCaseLet(
      ActionPath(toCaseState), action: ActionPath(toCaseAction), then: caseReducer,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `.forEach(\.todos, action: \.todos) { Todo() }`, for the rows of an identified array.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> where ElementState == Element.State, ElementAction == Element.Action {
    forEach(
      toElements, action: ActionPath(toElementAction), element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `.forEach(\.path, action: \.path) { Path() }`, for a navigation stack.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> where ElementState == Destination.State, ElementAction == Destination.Action {
    forEach(
      toStack, action: ActionPath(toStackAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
