/// A reducer that does nothing: no change, no effect.
///
/// Useful as the other branch of an `if` in a `body`, or as a placeholder while a feature is
/// being built.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   if isEnabled { Audit() } else { EmptyReducer() }
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
