import Synchronization

/// How many `Tracked` values of one test are alive, to catch a value released twice or never
/// (a buffer or hand-off that moves values it does not own; a child state, an effect or a
/// binding that outlives the screen it belonged to).
// NB: Atomic: a value captured by an effect may be released on the thread that ran the effect.
final class Census: Sendable {
  private let count = Atomic<Int>(0)

  var alive: Int { count.load(ordering: .sequentiallyConsistent) }

  fileprivate func born() { count.add(1, ordering: .sequentiallyConsistent) }
  fileprivate func died() { count.subtract(1, ordering: .sequentiallyConsistent) }
}

final class Tracked: Sendable {
  let number: Int
  let census: Census

  init(_ number: Int, _ census: Census) {
    self.number = number
    self.census = census
    census.born()
  }

  deinit { census.died() }
}
