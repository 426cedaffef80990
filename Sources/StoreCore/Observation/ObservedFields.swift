import Observation

/// The fields of a store's state that Observation has seen read (`store.count`).
///
/// Each is watched by a lazy key-path binding of the store, so finding the fields an action
/// changed costs what it costs the bindings (the byte-wise index: only the fields over changed
/// bytes are compared), however many are observed. And each is told to Observation only when it
/// is *armed*: read since it was last reported. An observation (`withObservationTracking`, a
/// SwiftUI view's body) ends at the first change it hears of, and the next one must read the
/// field again, which arms it again; so a field nobody observes any more costs a comparison,
/// not a call into the registrar, which takes a lock.
@MainActor
final class ObservedFields<Subject: Observable & AnyObject, State> {
  private var byKeyPath: [AnyKeyPath: AnyObject] = [:]

  init() {}

  /// The field at `keyPath`, watched from now on and armed; `watch` makes its binding.
  func arm<V: Equatable>(
    _ keyPath: KeyPath<State, V>,
    storeKeyPath: () -> KeyPath<Subject, V>,
    watch: (@escaping @MainActor (V) -> Void) -> StoreBinding,
    registrar: ObservationRegistrar,
    subject: Subject
  ) -> KeyPath<Subject, V> {
    if let known = byKeyPath[keyPath] as? ObservedField<Subject, V> {
      known.isArmed = true
      return known.storeKeyPath
    }
    let field = ObservedField(storeKeyPath: storeKeyPath(), registrar: registrar, subject: subject)
    field.binding = watch { [weak field] _ in field?.didChange() }
    byKeyPath[keyPath] = field
    return field.storeKeyPath
  }
}

@MainActor
final class ObservedField<Subject: Observable & AnyObject, V> {
  let storeKeyPath: KeyPath<Subject, V>
  private let registrar: ObservationRegistrar
  private weak var subject: Subject?
  var binding: StoreBinding?
  /// Read since it was last reported: someone may be observing it.
  var isArmed = true

  init(storeKeyPath: KeyPath<Subject, V>, registrar: ObservationRegistrar, subject: Subject) {
    self.storeKeyPath = storeKeyPath
    self.registrar = registrar
    self.subject = subject
  }

  func didChange() {
    guard isArmed, let subject else { return }
    isArmed = false
    // The change has happened already; Observation's observers only need to hear of it.
    StateReaders.tellingObservers { registrar.withMutation(of: subject, keyPath: storeKeyPath) {} }
  }
}
