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
  /// whole (any action tells its observer) unless the state is `@ObservableState`: read fields
  /// through the store itself, or mark the state, to be observed field by field.
  public subscript<V: Equatable>(dynamicMember keyPath: KeyPath<State, V>) -> V {
    observeField(keyPath)
    return _state[keyPath: keyPath]
  }

  /// Tells Observation that the field at `keyPath` was read, and watches it from now on.
  func observeField<V: Equatable>(_ keyPath: KeyPath<State, V>) {
    let fields = observedFields ?? startObserving()
    let storeKeyPath = fields.arm(
      keyPath,
      storeKeyPath: { (\Store.state).appending(path: keyPath) },
      watch: { lazyBind(keyPath, $0) },
      registrar: observationRegistrar,
      subject: self
    )
    observationRegistrar.access(self, keyPath: storeKeyPath)
  }

  /// Tells Observation that the whole state was read: the next action folded tells it.
  func observeWholeState() {
    observationRegistrar.access(self, keyPath: \.state)
    isStateObserved = true
  }

  func registerAsReader() -> UInt32 {
    readerNumber = StateReaders.register(self)
    return readerNumber
  }

  private func startObserving() -> ObservedFields<Store, State> {
    let fields = ObservedFields<Store, State>()
    observedFields = fields
    return fields
  }
}

extension Store: StateReader {
  func observeRead<Root, Value: Equatable>(of keyPath: KeyPath<Root, Value>) {
    guard StateReaders.countsRead(whileFolding: isFolding) else { return }
    guard let keyPath = keyPath as? KeyPath<State, Value> else { return observeWholeState() }
    observeField(keyPath)
  }

  func observeReadOfWholeState() {
    guard StateReaders.countsRead(whileFolding: isFolding) else { return }
    observeWholeState()
  }
}
