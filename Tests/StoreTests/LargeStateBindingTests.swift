import Testing
@testable import EventLog
@testable import StoreCore

/// A state of 4,176 bytes, larger than the index's coarse comparison blocks (2,048 bytes), with
/// bindings on fields in each of them and on both sides of their edges.
struct Large: Sendable {
  // NB: a tuple, so that each cell is a stored field with its own offset (and key path).
  var cells: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var tail = 0

  @MainActor static let fields: [WritableKeyPath<Large, Int>] = [\.cells.0, \.cells.1, \.cells.2, \.cells.15, \.cells.16, \.cells.100, \.cells.200, \.cells.255, \.cells.256, \.cells.257, \.cells.300, \.cells.383, \.cells.384, \.cells.450, \.cells.511, \.cells.512, \.cells.519, \.tail]
}

@MainActor
struct LargeStateBindingTests {
  @Test func eachChangedFieldNotifiesOnlyItsBindingWhereverItLies() {
    #expect(MemoryLayout<Large>.size > 2 * 2048)
    let store = Store(initialState: Large(), reducer: Reduce<Large, (Int, Int)> { state, action in
      state[keyPath: Large.fields[action.0]] = action.1
      return .none
    })
    var notified: [Int] = []
    var bindings: Set<StoreBinding> = []
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    #expect(store.bindings.count >= BindingTable<Large>.indexThreshold)
    for round in 1...2 {
      for field in Large.fields.indices { store.send((field, round)) }
    }
    #expect(notified == Array(Large.fields.indices) + Array(Large.fields.indices))
    // Two fields in different coarse blocks changed by one action: both are told, once each.
    notified = []
    let both = Reduce<Large, (Int, Int)> { state, _ in
      state.cells.16 += 1
      state.tail += 1
      return .none
    }
    let store2 = Store(initialState: Large(), reducer: both)
    for (index, field) in Large.fields.enumerated() {
      store2.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    store2.send((0, 0))
    #expect(notified == [4, Large.fields.count - 1])
  }

  /// The 18 fields' bindings keep the index on; `cells.400` is watched by none of them.
  private func storeWithIndex(_ notified: @escaping (Int) -> Void) -> (Store<Large, (Int, Int)>, Set<StoreBinding>) {
    let store = Store(initialState: Large(), reducer: Reduce<Large, (Int, Int)> { state, action in
      if action.0 < 0 { state.cells.400 = action.1 } else { state[keyPath: Large.fields[action.0]] = action.1 }
      return .none
    })
    var bindings: Set<StoreBinding> = []
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { _ in notified(index) }.store(in: &bindings)
    }
    #expect(store.bindings.count >= BindingTable<Large>.indexThreshold)
    return (store, bindings)
  }

  /// A commit compares only the words bindings watch, so the copy of the previous state is
  /// not kept up to date elsewhere. A binding added later on such a word starts from the state
  /// of its time: a change back to the old value is still a change it hears of.
  @Test func aFieldWatchedLateHearsOfAChangeBackToItsOldValue() {
    var notified: [Int] = []
    var (store, bindings) = storeWithIndex { notified.append($0) }
    store.send((-1, 5))  // cells.400: 0 → 5, watched by no one
    var late: [Int] = []
    store.lazyBind(\.cells.400) { late.append($0) }.store(in: &bindings)
    store.send((-1, 0))  // back to 0: the value the unwatched word held when the index began
    #expect(late == [0])
    #expect(notified.isEmpty)
  }

  /// A callback that binds during a dispatch must not hide the commit's other changes from the
  /// bindings already there, and the word it starts watching is compared from then on.
  @Test func bindingFromACallbackHidesNoChangeOfTheSameCommit() {
    var notified: [Int] = []
    var late: [Int] = []
    var bindings: Set<StoreBinding> = []
    let store = Store(initialState: Large(), reducer: Reduce<Large, Int> { state, value in
      state.cells.0 = value
      state.cells.400 = value
      state.tail = value
      return .none
    })
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { [weak store] _ in
        notified.append(index)
        // The first field's callback, which runs before the tail's is compared, binds on the
        // tail's word and on a word no one watched.
        guard index == 0, late.isEmpty, let store else { return }
        late.append(-1)
        store.lazyBind(\.tail) { late.append($0) }.store(in: &bindings)
        store.lazyBind(\.cells.400) { late.append($0 * 100) }.store(in: &bindings)
      }.store(in: &bindings)
    }
    store.send(1)
    #expect(notified == [0, Large.fields.count - 1])
    store.send(0)
    #expect(notified == [0, Large.fields.count - 1, 0, Large.fields.count - 1])
    #expect(late.sorted() == [-1, 0, 0])
  }
}
