import Observation
import Store

extension Bench {
  /// W1.observed: W1's counter with `count` observed, not bound: read through the store
  /// (`store.count`) inside `withObservationTracking`, as a SwiftUI view's body reads it.
  ///
  /// Each change is heard (the observation ends there, as Observation's do) and observed again
  /// at once by reading `store.count` in a new tracking, as a view that re-renders on every
  /// change would: so a send pays the whole path, the field's binding, the registrar and the
  /// new tracking, and ``notifications`` is one per action, like W1.refold's binding calls.
  public final class ObservedCounterStore: BenchFixture {
    private let store = Store(initialState: Counter.State(), reducer: Counter())
    private var heard = 0

    public init() {
      observe()
    }

    public var notifications: Int { heard }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.incrementTapped) }
    }

    private func observe() {
      _ = withObservationTracking { store.count } onChange: { [weak self] in
        // NB: Told synchronously, inside the send, on the main thread.
        MainActor.assumeIsolated { self?.changed() }
      }
    }

    private func changed() {
      heard &+= 1
      observe()
    }
  }

  /// W2.observed: W2's 1,000 fields observed, not bound: each read through the store's dynamic
  /// member subscript (what `store.f7` calls) inside a tracking of its own, as 1,000 views that
  /// each show one field would. As in ``ObservedCounterStore``, a field that changes is heard and
  /// observed again at once, so ``notifications`` is one per action, like W2.refold's.
  public final class ObservedWideStore: BenchFixture {
    private let store = Store(initialState: WideState(), reducer: Wide())
    private var heard = 0
    private var order = RoundRobin()

    public init() {
      for field in 0..<WideState.fieldCount { observe(field) }
    }

    public var notifications: Int { heard }

    public func run(_ count: Int) {
      for _ in 0..<count { store.send(.bump(order.advance())) }
    }

    private func observe(_ field: Int) {
      _ = withObservationTracking { store[dynamicMember: WideState.keyPaths[field]] } onChange: { [weak self] in
        MainActor.assumeIsolated { self?.changed(field) }
      }
    }

    private func changed(_ field: Int) {
      heard &+= 1
      observe(field)
    }
  }
}
