public import Observation

/// The fields of a store's state that Observation has seen read (`store.count`), each with its
/// last value, so that a commit tells Observation about exactly the fields that changed.
///
/// A field is kept from its first read on: the check after a commit costs one comparison per
/// field ever read, as a binding does, and nothing for a store nobody observes (``Store`` holds
/// no `ObservedFields` until the first read).
@usableFromInline
final class ObservedFields<Subject: Observable & AnyObject, State> {
  private var byKeyPath: [AnyKeyPath: ObservedField<Subject, State>] = [:]
  private var fields: [ObservedField<Subject, State>] = []

  init() {}

  /// The field at `keyPath`, tracked from now on; `storeKeyPath` is the same field seen from
  /// the subject (the store), which is how Observation names it.
  func field<V: Equatable>(
    _ keyPath: KeyPath<State, V>, in state: State, storeKeyPath: () -> KeyPath<Subject, V>
  ) -> KeyPath<Subject, V> {
    if let known = byKeyPath[keyPath] as? TypedObservedField<Subject, State, V> { return known.storeKeyPath }
    let field = TypedObservedField(keyPath, storeKeyPath: storeKeyPath(), value: state[keyPath: keyPath])
    byKeyPath[keyPath] = field
    fields.append(field)
    return field.storeKeyPath
  }

  /// Tells `registrar` about each field whose value `state` changed.
  @usableFromInline
  func commit(_ state: State, subject: Subject, registrar: ObservationRegistrar) {
    for field in fields { field.notifyIfChanged(state, subject: subject, registrar: registrar) }
  }
}

class ObservedField<Subject: Observable & AnyObject, State> {
  func notifyIfChanged(_ state: State, subject: Subject, registrar: ObservationRegistrar) {}
}

final class TypedObservedField<Subject: Observable & AnyObject, State, V: Equatable>: ObservedField<Subject, State> {
  let keyPath: KeyPath<State, V>
  let storeKeyPath: KeyPath<Subject, V>
  private var value: V

  init(_ keyPath: KeyPath<State, V>, storeKeyPath: KeyPath<Subject, V>, value: V) {
    self.keyPath = keyPath
    self.storeKeyPath = storeKeyPath
    self.value = value
  }

  override func notifyIfChanged(_ state: State, subject: Subject, registrar: ObservationRegistrar) {
    let now = state[keyPath: keyPath]
    guard now != value else { return }
    value = now
    // The change has happened already; Observation's observers only need to hear of it.
    registrar.withMutation(of: subject, keyPath: storeKeyPath) {}
  }
}
