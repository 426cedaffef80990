/// An action that can carry a ``BindingAction``: an enum with a `binding` case.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case signInTapped
/// }
/// ```
public protocol BindableAction<State> {
  associatedtype State
  /// The `binding` case.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding this action carries, if it is the `binding` case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Read through the case's constructor (``ActionPath/init(_:)-((Value)->Root)``), as a one-line `Scope` reads
  /// its case.
  public var binding: BindingAction<State>? {
    EnumCase.extract(self, as: Self.binding)
  }
}

/// Applies the ``BindingAction`` of a ``BindableAction`` to the state: the one reducer a form
/// needs for all its fields. Put it first in the `body`, so that the reducers after it see the
/// field already set.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }
}
