public import Observation

extension Store: Observable {}

extension Store {
  /// A field of the state, read so that Swift's Observation sees exactly this field:
  /// `withObservationTracking { store.count }` (or a SwiftUI view's body that reads
  /// `store.count`) is told when `count` changes, and not when any other field does.
  ///
  /// ```swift
  /// Text(store.title)                     // re-rendered when title changes, only then
  /// ```
  ///
  /// The first read of a field starts watching it with a lazy binding, so a store pays for the
  /// fields that are observed as it pays for bindings, and nothing otherwise.
  /// `store.state.count` reads a copy of the whole state, which Observation sees only as a
  /// whole (any action tells its observer): read fields through the store itself to be observed
  /// field by field.
  public subscript<V: Equatable>(dynamicMember keyPath: KeyPath<State, V>) -> V {
    let fields = observedFields ?? startObserving()
    let storeKeyPath = fields.arm(
      keyPath,
      storeKeyPath: { (\Store.state).appending(path: keyPath) },
      watch: { lazyBind(keyPath, $0) },
      registrar: observationRegistrar,
      subject: self
    )
    observationRegistrar.access(self, keyPath: storeKeyPath)
    return _state[keyPath: keyPath]
  }

  private func startObserving() -> ObservedFields<Store, State> {
    let fields = ObservedFields<Store, State>()
    observedFields = fields
    return fields
  }
}
