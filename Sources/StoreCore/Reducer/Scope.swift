/// Runs a child reducer on one part of the parent's state, for the parent actions that carry a
/// child action. The child's effects are lifted into parent actions.
///
/// ```swift
/// Scope(state: \.signIn, action: Action.signIn) { SignIn() }
/// ```
///
/// `action` is the case's constructor (``ActionPath/init(_:)-((Value)->Root)`` derives the rest), or an
/// ``ActionPath`` written out by hand.
///
/// When the parent's state is an enum (a feature's destinations, one case per screen), `state`
/// is the case's constructor too, one line per case:
///
/// ```swift
/// enum State { case signIn(SignIn.State), detail(UserDetail.State) }
/// var body: some Reducer<State, Action> {
///   Scope(state: State.signIn, action: Action.signIn) { SignIn() }
///   Scope(state: State.detail, action: Action.detail) { UserDetail() }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: ChildPlace
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Where the child's state is: a field of the parent's, or a case of an enum state.
  @usableFromInline
  enum ChildPlace {
    case field(WritableKeyPath<ParentState, Child.State>)
    case enumCase(ActionPath<ParentState, Child.State>, CallSite)
  }

  // NB: `ChildState` and `ChildAction` let the compiler learn the builder's types from the
  //     paths before it looks at the closure.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .field(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Runs `child` for the parent actions of the case that `toChildAction` constructs.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: ActionPath(toChildAction), child: child)
  }

  /// Runs `child` on one case of an enum state, for the parent actions of the case that
  /// `toChildAction` constructs. An action of the case that arrives while the state is in
  /// another case is reported and ignored.
  public init<ChildState, ChildAction>(
    state toChildState: @escaping @Sendable (ChildState) -> ParentState,
    action toChildAction: @escaping @Sendable (ChildAction) -> ParentAction,
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

  /// One case of an enum state, however its paths were named (constructors, case key paths).
  init(
    enumCase toChildState: ActionPath<ParentState, Child.State>,
    action toChildAction: ActionPath<ParentAction, Child.Action>,
    child: Child,
    location: CallSite
  ) {
    self.toChildState = .enumCase(toChildState, location)
    self.toChildAction = toChildAction
    self.child = child
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    switch toChildState {
    case let .field(keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embed)
    case let .enumCase(path, location):
      return reduceCase(into: &state, action: childAction, path: path, location: location)
    }
  }

  @usableFromInline
  func reduceCase(
    into state: inout ParentState, action: Child.Action,
    path: ActionPath<ParentState, Child.State>, location: CallSite
  ) -> Effect<ParentAction> {
    guard var caseState = path.extract(state) else {
      location.report(
        """
        "Scope" received an action for a case the state is not in: \(action).
        Send it only while the state is in that case.
        """
      )
      return .none
    }
    let effect = child.reduce(into: &caseState, action: action)
    state = path.embed(caseState)
    return effect.map(toChildAction.embed)
  }
}
