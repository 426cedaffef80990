import Testing
@testable import EventLog
@testable import StoreCore

/// Stores, bindings, effects and plugins are released when their owners go, even after heavy
/// use and cancelled effects.
@MainActor
struct LeakTests {
  private enum ID: Hashable, Sendable { case slow }

  @Test func everythingIsReleasedAfterHeavyUseWithCancelledEffects() async {
    let clock = VirtualClock()
    weak var weakStore: Store<Counter.State, Counter.Action>?
    weak var weakPlugin: CommitLog<Counter.State, Counter.Action>?
    weak var weakBinding: StoreBinding?
    var weakBindings: [() -> StoreBinding?] = []
    var tasks: [StoreTask] = []
    do {
      let plugin = CommitLog<Counter.State, Counter.Action>()
      let store = Store(
        initialState: Counter.State(),
        reducer: Scripted { action in
          switch action {
          case let .set(value):
            return .run { send in
              try await clock.sleep(for: .seconds(60))
              await send(.response(value))
            }
            .cancellable(id: ID.slow, cancelInFlight: true)
          case .increment:
            return .run { send in await send(.note("fast")) }
          default:
            return .none
          }
        },
        plugins: [plugin]
      )
      var bindings: Set<StoreBinding> = []
      for _ in 0..<50 {
        let binding = store.bind(\.count) { _ in }
        weakBindings.append { [weak binding] in binding }
        binding.store(in: &bindings)
      }
      let binding = store.bind({ $0.log.count }) { _ in }
      var fast: [StoreTask] = []
      for value in 0..<500 {
        tasks.append(store.send(.set(value)))  // each cancels the one before
        fast.append(store.send(.increment))
      }
      for task in fast { await task.finish() }
      #expect(store.state.log.count == 500)
      #expect(store.runningEffectCount == 1)  // only the last slow effect is still waiting
      weakStore = store
      weakPlugin = plugin
      weakBinding = binding
      binding.cancel()
    }
    #expect(weakStore == nil)
    #expect(weakPlugin == nil)
    #expect(weakBinding == nil)
    #expect(weakBindings.allSatisfy { $0() == nil })
    // The last slow effect was cancelled with its store; every task ends.
    for task in tasks { await task.finish() }
  }

  /// What a cancelled effect captured goes with it: each of these effects holds a payload, and
  /// each send cancels the one before. The last one goes when the store does.
  @Test func cancelledEffectsReleaseWhatTheyCaptured() async {
    final class Payload: Sendable {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    final class Made {
      var payloads: [() -> Payload?] = []
    }
    let clock = VirtualClock()
    let made = Made()
    var tasks: [StoreTask] = []
    do {
      let store = Store(
        initialState: Counter.State(),
        reducer: Scripted { action in
          guard case let .set(value) = action else { return .none }
          let payload = Payload(value)
          made.payloads.append { [weak payload] in payload }
          return .run { send in
            try await clock.sleep(for: .seconds(60))
            await send(.response(payload.value))
          }
          .cancellable(id: ID.slow, cancelInFlight: true)
        }
      )
      for value in 0..<200 { tasks.append(store.send(.set(value))) }
      for task in tasks.dropLast() { await task.finish() }
      // `finish()` returns as the effect's body ends; its task lets go of the closure just
      // after, on another thread.
      let released = await eventually { made.payloads.dropLast().allSatisfy { $0() == nil } }
      let kept = made.payloads.dropLast().filter { $0() != nil }.count
      #expect(released, "\(kept) of 199 cancelled effects still hold their payload")
      #expect(made.payloads.last?() != nil)  // the last effect still waits for its clock
    }
    for task in tasks { await task.finish() }
    #expect(await eventually { made.payloads.last?() == nil })
  }

  /// Whether `condition` holds within a bounded number of main-actor yields (no clock).
  private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<100_000 {
      if condition() { return true }
      await Task.yield()
    }
    return condition()
  }

  /// Found by LeakSanitizer (docs/fuzzing.md): a cancelled binding stayed in the store's table
  /// until the next commit, so a binding whose callback captured the store kept the store alive
  /// for good once it was cancelled and the store dropped.
  @Test(arguments: [1, 20])  // scanned, and indexed (at 16 bindings or more)
  func cancellingABindingThatCapturesItsStoreLetsTheStoreGo(bindingCount: Int) {
    weak var weakStore: Store<Counter.State, Counter.Action>?
    do {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      var bindings: [StoreBinding] = []
      for _ in 0..<bindingCount {
        bindings.append(store.bind(\.count) { count in if count == 1 { store.send(.note("one")) } })
      }
      store.send(.increment)
      #expect(store.state.log.count == bindingCount)
      for binding in bindings { binding.cancel() }
      weakStore = store
    }
    #expect(weakStore == nil)
  }

  /// Cancelling a binding releases its callback at once, and a deinit among the callback's
  /// captures may cancel another binding while the table is being compacted.
  @Test func aCallbackWhoseCapturesCancelAnotherBindingWhenReleasedIsSafe() {
    @MainActor final class CancelsOnDeinit {
      let binding: StoreBinding
      init(_ binding: StoreBinding) { self.binding = binding }
      isolated deinit { binding.cancel() }
    }
    weak var weakStore: Store<Counter.State, Counter.Action>?
    var secondSeen: [Int] = []
    do {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      let second = store.bind(\.count) { secondSeen.append($0) }
      let first = { (canceller: CancelsOnDeinit) in
        store.bind(\.count) { _ in withExtendedLifetime(canceller) {} }  // the only reference
      }(CancelsOnDeinit(second))
      store.send(.increment)
      first.cancel()  // releases the canceller, which cancels `second` from inside the compaction
      store.send(.increment)
      weakStore = store
    }
    #expect(secondSeen == [0, 1])
    #expect(weakStore == nil)
  }
}
