extension Reducer {
  /// Runs `reducer` after this one, for the actions that changed the value `toValue` reads.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldQuery, newQuery in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .send(.search(newQuery))
  ///     }
  ///   }
  /// ```
  ///
  /// The value is compared before and after this reducer folds an action; an action that leaves
  /// it equal does not run `reducer`. Its effects are merged with this reducer's.
  public func onChange<Value: Equatable, Reaction: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> _OnChangeReducer<Self, Value, Reaction> {
    _OnChangeReducer(base: self, toValue: toValue, reaction: reaction)
  }
}

public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Reaction: Reducer<Base.State, Base.Action>>: Reducer {
  let base: Base
  let toValue: (Base.State) -> Value
  let reaction: (Value, Value) -> Reaction

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return .merge(effect, reaction(oldValue, newValue).reduce(into: &state, action: action))
  }
}
