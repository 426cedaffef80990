import Foundation
import Testing
@testable import EventLog
@testable import StoreCore

@MainActor
struct StoreFoldTests {
  @Test func sendFoldsTheActionIntoTheStateInPlace() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(.increment)
    store.send(.increment)
    store.send(.rename("two"))
    #expect(store.state.count == 2)
    #expect(store.state.label == "two")
    #expect(store.commitCount == 3)
  }

  @Test func reduceClosureReducerWorks() {
    let store = Store(initialState: 0, reducer: Reduce<Int, Int> { state, action in
      state += action
      return .none
    })
    store.send(5)
    store.send(-2)
    #expect(store.state == 3)
  }

  @Test func actionsSentFromABindingAreQueuedInFIFOOrder() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seenCounts: [Int] = []
    let binding = store.lazyBind(\.count) { count in
      seenCounts.append(count)
      if count == 1 {
        // Both are queued behind the current action, in the order they were sent.
        store.send(.note("a"))
        store.send(.note("b"))
        // Nothing ran re-entrantly: the notes are not folded yet.
        #expect(store.state.log.isEmpty)
      }
    }
    store.send(.increment)
    #expect(store.state.log == ["a", "b"])
    #expect(seenCounts == [1])
    binding.cancel()
  }

  @Test func queuedActionsFoldBeforeSendReturnsAndKeepOrderAcrossNesting() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let plugin = CommitLog<Counter.State, Counter.Action>()
    plugin.onCommit = { commit in
      switch commit.action {
      case .note("1"):
        store.send(.note("1.1"))
        store.send(.note("1.2"))
      case .note("1.1"):
        store.send(.note("1.1.1"))
      default: break
      }
    }
    store.attach(plugin)
    // The plugin's callback holds the store, which holds the plugin: detach to end the cycle
    // (LeakSanitizer reports the store otherwise).
    defer { store.detach(plugin) }
    store.send(.note("1"))
    store.send(.note("2"))
    #expect(store.state.log == ["1", "1.1", "1.2", "1.1.1", "2"])
    #expect(plugin.commits.map(\.seq) == [1, 2, 3, 4, 5])
  }

  @Test func aReentrantSendReturnsATaskForItsOwnEffects() async {
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard case .note("inner") = action else { return .none }
      return .run { send in await send(.response(42)) }
    })
    var inner: StoreTask?
    let binding = store.lazyBind(\.count) { _ in inner = store.send(.note("inner")) }
    store.send(.increment)
    #expect(inner != nil)
    await inner?.finish()
    #expect(store.state.count == 42)
    binding.cancel()
  }

  @Test func effectActionsAreFoldedOnTheMainActorWithOriginEffect() async {
    let plugin = CommitLog<Counter.State, Counter.Action>()
    let store = Store(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard case .increment = action else { return .none }
        return .run { send in
          await send(.response(10))
        }
      },
      plugins: [plugin]
    )
    await store.send(.increment).finish()
    #expect(plugin.commits.map(\.origin) == [.send, .effect])
    #expect(plugin.commits.map(\.action) == [.increment, .response(10)])
    #expect(plugin.commits.map(\.state.count) == [1, 10])
  }

  @Test func aSendThatReturnsNoEffectHasNothingToFinish() async {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let task = store.send(.increment)
    #expect(!task.isRunning)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }
}
