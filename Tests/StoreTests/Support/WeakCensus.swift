/// Weak references to the objects a test has let go (a scoped store, a binding), to count the
/// ones something else still keeps alive.
struct WeakCensus {
  private struct Reference {
    weak var object: AnyObject?
  }

  private var references: [Reference] = []

  /// Counts `object` from now on. It should be gone by the next ``alive()``.
  mutating func watch(_ object: AnyObject) {
    references.append(Reference(object: object))
  }

  /// How many of the objects watched are alive. Forgets the ones that are gone, so that a run of
  /// thousands of cycles holds a reference for each survivor only, not for every object made.
  mutating func alive() -> Int {
    references.removeAll { $0.object == nil }
    return references.count
  }
}
