import Clocks
import Testing
@testable import Store

/// Stores, bindings, effects and plugins are released when their owners go, even after heavy
/// use and cancelled effects.
@MainActor
struct LeakTests {
  private enum ID: Hashable, Sendable { case slow }

  @Test func everythingIsReleasedAfterHeavyUseWithCancelledEffects() async {
    let clock = TestClock()
    weak var weakStore: Store<Counter.State, Counter.Action>?
    weak var weakPlugin: CommitLog<Counter.State, Counter.Action>?
    weak var weakBinding: StoreBinding?
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
      for _ in 0..<50 { store.bind(\.count) { _ in }.store(in: &bindings) }
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
    // The last slow effect was cancelled with its store; every task ends.
    for task in tasks { await task.finish() }
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
