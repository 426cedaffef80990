/// A pure function that folds an action into state, and says which side effects should follow.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// Reducers take time, randomness and network only through actions and effects. That is what
/// makes a recorded log replay to the same states.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}

/// A reducer made from a closure.
///
/// ```swift
/// let counter = Reduce<Int, Void> { count, _ in
///   count += 1
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let body: (inout State, Action) -> Effect<Action>

  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.body = reduce
  }

  /// Erases another reducer's type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.body = reducer.reduce(into:action:)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
