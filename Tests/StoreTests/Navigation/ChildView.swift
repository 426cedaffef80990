@testable import StoreCore

/// What the view of a presented child holds while it is on screen: the child's scoped store,
/// and bindings of its state to what it shows. Released, as a view is, once the child is gone.
@MainActor
final class ChildView<State, Action> {
  let store: ScopedStore<State, Action>
  private var bindings: Set<StoreBinding> = []

  /// Binds `keyPath` and the derived value `shows` of the child's state, each to a callback
  /// that holds `counted`, and counts the store, the bindings and itself in `views`.
  init<Shown: Equatable, Watched: Equatable>(
    _ store: ScopedStore<State, Action>,
    watches keyPath: KeyPath<State, Watched>,
    shows derive: @escaping @MainActor (State) -> Shown,
    counted: Tracked,
    in views: inout WeakCensus
  ) {
    self.store = store
    store.bind(keyPath) { [counted] _ in withExtendedLifetime(counted) {} }.store(in: &bindings)
    store.bind(derive) { [counted] _ in withExtendedLifetime(counted) {} }.store(in: &bindings)
    views.watch(self)
    views.watch(store)
    for binding in bindings { views.watch(binding) }
  }
}
