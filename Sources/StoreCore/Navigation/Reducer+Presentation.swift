extension Reducer {
  /// Runs `then` on a presented child while it is presented, before this reducer runs, and
  /// dismisses it on its ``PresentationAction/dismiss``.
  ///
  /// ```swift
  /// struct State { @Presents var signIn: SignIn.State? }
  /// enum Action { case signInButtonTapped, signIn(PresentationAction<SignIn.Action>) }
  ///
  /// Reduce { state, action in
  ///   if case .signInButtonTapped = action { state.signIn = SignIn.State() }  // presents
  ///   return .none
  /// }
  /// .ifLet(\.$signIn, action: Action.signIn) { SignIn() }
  /// ```
  ///
  /// - `.dismiss` reaches this reducer with the child still present, then the child's state
  ///   becomes `nil` (unless this reducer presented another child in its place).
  /// - The child's effects live as long as it is presented: dismissing it cancels them, and a
  ///   response they had not yet sent is never delivered.
  /// - The child's effects read a ``DismissEffect`` (`@Dependency(\.dismiss)`) that sends
  ///   `.dismiss` here, so a child can close itself.
  /// - A child action that arrives while nothing is presented (sent from outside) is reported
  ///   and ignored; a `.dismiss` then changes nothing.
  /// - A destination enum whose current case holds an alert or a dialog (``EphemeralState``)
  ///   is dismissed after any action of that case, as an alert presented on its own is; a new
  ///   alert (or another destination) that this reducer presents in answer stays.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: ActionPath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _PresentationReducer(
      parent: self,
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      child: child(),
      dismissesOnEveryAction: false,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The presentation `ifLet` above, with the case's constructor: `.ifLet(\.$signIn, action: Action.signIn) { SignIn() }`.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      toPresentationState, action: ActionPath(toPresentationAction), then: child,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Presents an alert or a confirmation dialog (``EphemeralState``), which has no reducer of
  /// its own: any of its actions (a button) reaches this reducer, then dismisses it.
  ///
  /// ```swift
  /// struct State { @Presents var alert: AlertState<Action.Alert>? }
  /// enum Action { case logoutTapped, alert(PresentationAction<Alert>); enum Alert { case confirmLogout } }
  ///
  /// Reduce { … }.ifLet(\.$alert, action: Action.alert)
  /// ```
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentationState, action: ActionPath(toPresentationAction),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The alert or dialog `ifLet` with its action's path given as an ``ActionPath``.
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: ActionPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    _PresentationReducer(
      parent: self,
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      child: EmptyReducer(),
      dismissesOnEveryAction: true,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// State that any of its actions ends, such as an alert: presented with `ifLet` and no
/// reducer, or as a case of a destination enum, it is dismissed after each of its actions has
/// reached the parent (unless the parent presented something else in its place).
public protocol EphemeralState {}

public struct _PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Child.State>>
  @usableFromInline let toPresentationAction: ActionPath<Parent.Action, PresentationAction<Child.Action>>
  @usableFromInline let child: Child
  @usableFromInline let dismissesOnEveryAction: Bool
  @usableFromInline let location: CallSite

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let before = lifetime(in: state)
    var childEffect = Effect<Parent.Action>.none
    var dismisses = false
    // The ephemeral child (an alert) that an action of its own is about to dismiss.
    var shown: Ephemerality?
    switch toPresentationAction.extract(action) {
    case nil:
      break
    case .dismiss?:
      dismisses = before != nil
    case let .presented(childAction)?:
      if let before {
        shown = Ephemerality.of(state[keyPath: toPresentationState].wrappedValue!)
        dismisses = dismissesOnEveryAction || shown != nil
        childEffect = reduceChild(into: &state, action: childAction, lifetime: before)
      } else {
        location.report(
          """
          "ifLet" received an action for a child that is not presented: \(childAction).
          A dismissed child's own effects are cancelled, so this action came from elsewhere: \
          send it only while the child is presented.
          """
        )
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    // A parent that presented another child in the same action keeps it: one with another
    // lifetime, or, in place of an alert, another alert (a new presentation) or another case.
    if dismisses, let before, lifetime(in: state) == before, !presentedAnother(than: shown, in: state) {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    guard let before, before != lifetime(in: state) else { return .merge(childEffect, parentEffect) }
    // The child was dismissed (or replaced): its effects go with it, the ones just started too.
    return .merge(childEffect, parentEffect, .cancel(id: before))
  }

  /// Whether the child in `state` is another presentation than the alert or dialog `shown`.
  @usableFromInline
  func presentedAnother(than shown: Ephemerality?, in state: Parent.State) -> Bool {
    guard let token = shown?.token, let child = state[keyPath: toPresentationState].wrappedValue else { return false }
    return Ephemerality.of(child)?.token != token
  }

  @inlinable
  func lifetime(in state: Parent.State) -> ChildLifetime? {
    state[keyPath: toPresentationState].wrappedValue.map { ChildLifetime.of($0, at: toPresentationState) }
  }

  @usableFromInline
  func reduceChild(
    into state: inout Parent.State, action: Child.Action, lifetime: ChildLifetime
  ) -> Effect<Parent.Action> {
    let effect = child.reduce(into: &state[keyPath: toPresentationState].wrappedValue!, action: action)
    // NB: Most child actions start nothing: no closure is made for them.
    guard !effect.isNone else { return .none }
    let toPresentationAction = self.toPresentationAction
    return effect
      .presentedChild(
        embed: { toPresentationAction.embed(.presented($0)) },
        dismissal: { toPresentationAction.embed(.dismiss) },
        lifetime: lifetime
      )
  }
}
