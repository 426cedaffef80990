/// A pure function that folds an action into state, and says which side effects should follow.
///
/// Write a feature's logic in `body`, out of smaller reducers:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       switch action {
///       case .incrementTapped:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// or implement ``reduce(into:action:)`` yourself, for a leaf feature. A reducer with a `body`
/// gets a `reduce` that runs it; one that implements `reduce` has no body (its `Body` is
/// `Never`).
///
/// Reducers take time, randomness and network only through actions, effects and dependencies
/// (`@Dependency`). That is what makes a recorded log replay to the same states.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
  /// The reducer `body` builds; `Never` for a reducer that implements `reduce` itself.
  associatedtype Body

  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run top to bottom for each action.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body. Never called by the store.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body: it implements 'reduce(into:action:)'. Call that instead.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
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
  let run: (inout State, Action) -> Effect<Action>

  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.run = reduce
  }

  /// Erases another reducer's type.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.run = reducer.reduce(into:action:)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
