extension Reducer {
  /// Runs `destination` on the screen of a stack that a ``StackAction/element(id:action:)``
  /// names, pushes and pops, before this reducer runs.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: Action.path) { Path() }
  /// ```
  ///
  /// - `.push(id:state:)` pushes before this reducer runs, so it sees the new screen.
  ///   `.popFrom(id:)` pops after, so it sees the screens that leave.
  /// - A screen's effects live as long as it is on the stack: popping it cancels them, and a
  ///   response they had not yet sent is never delivered.
  /// - A screen's effects read a ``DismissEffect`` that pops it (`.popFrom(id:)`).
  /// - An action for a screen that is not on the stack, a pop of an unknown id and a push of an
  ///   id that is taken are reported and change nothing.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: ActionPath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> where ElementState == Destination.State, ElementAction == Destination.Action {
    _StackReducer(
      parent: self,
      toStack: toStack,
      toStackAction: toStackAction,
      destination: destination(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The stack `forEach` above, with the case's constructor: `.forEach(\.path, action: Action.path) { Path() }`.
  public func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> where ElementState == Destination.State, ElementAction == Destination.Action {
    forEach(
      toStack, action: ActionPath(toStackAction), destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction: ActionPath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let destination: Destination
  let location: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = toStackAction.extract(action)
    guard let stackAction else { return parent.reduce(into: &state, action: action) }
    // NB: The ids are read only for pushes and pops: an element's action leaves them alone,
    //     and changes its screen in place.
    switch stackAction {
    case let .element(id, elementAction):
      let elementEffect = reduceElement(into: &state, id: id, action: elementAction)
      let structureBefore = state[keyPath: toStack].structure
      let idsBefore = state[keyPath: toStack].idSnapshot
      let parentEffect = parent.reduce(into: &state, action: action)
      // NB: The usual case, the parent leaving the stack alone, costs one comparison.
      guard state[keyPath: toStack].structure != structureBefore else {
        return .merge(elementEffect, parentEffect)
      }
      return .merge([elementEffect, parentEffect] + cancellations(leaving: Array(idsBefore), state))

    case let .push(id, element):
      let idsBefore = state[keyPath: toStack].ids
      if !state[keyPath: toStack].push(element, id: id) {
        location.report(
          """
          "forEach" received a push with id \(id.rawValue), which is taken: the stack's next id is \
          \(state[keyPath: toStack].nextID.rawValue). Nothing was pushed.
          """
        )
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      return .merge([parentEffect] + cancellations(leaving: idsBefore, state))

    case let .popFrom(id):
      let idsBefore = state[keyPath: toStack].ids
      guard idsBefore.contains(id) else {
        location.report(
          """
          "forEach" received a pop from id \(id.rawValue), which is not on the stack \
          (ids: \(idsBefore.map { String($0.rawValue) }.joined(separator: ", "))). Nothing was popped.
          """
        )
        return parent.reduce(into: &state, action: action)
      }
      let parentEffect = parent.reduce(into: &state, action: action)
      state[keyPath: toStack].pop(from: id)
      return .merge([parentEffect] + cancellations(leaving: idsBefore, state))
    }
  }

  /// Cancels the effects of the screens in `idsBefore` that are no longer on the stack.
  private func cancellations(leaving idsBefore: [StackElementID], _ state: Parent.State) -> [Effect<Parent.Action>] {
    let stack = state[keyPath: toStack]
    return idsBefore.filter { !stack.contains(id: $0) }.map { .cancel(id: lifetime(of: $0)) }
  }

  private func lifetime(of id: StackElementID) -> ChildLifetime {
    ChildLifetime(place: toStack, id: AnyHashable(id))
  }

  private func reduceElement(
    into state: inout Parent.State, id: StackElementID, action: Destination.Action
  ) -> Effect<Parent.Action> {
    let destination = self.destination
    guard let effect = state[keyPath: toStack].modify(id, { destination.reduce(into: &$0, action: action) }) else {
      location.report(
        """
        "forEach" received an action for a screen that is not on the stack: \(id.rawValue), \(action).
        A popped screen's own effects are cancelled, so this action came from elsewhere: send it \
        only for screens on the stack.
        """
      )
      return .none
    }
    // NB: Most screen actions start nothing: no closure is made for them.
    guard !effect.isNone else { return .none }
    let toStackAction = self.toStackAction
    return effect.presentedChild(
      embed: { toStackAction.embed(.element(id: id, action: $0)) },
      dismissal: { toStackAction.embed(.popFrom(id: id)) },
      lifetime: lifetime(of: id)
    )
  }
}
