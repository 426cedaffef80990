import Foundation
import Testing
@testable import EventLog
@testable import StoreCore

private enum ID: Hashable, Sendable { case fetch, search, other }

@MainActor
struct EffectRuntimeTests {
  @Test func runSendsItsResponseBack() async {
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard case .increment = action else { return .none }
      return .run { send in await send(.response(99)) }
    })
    await store.send(.increment).finish()
    #expect(store.state.count == 99)
  }

  @Test func sendEffectIsFoldedRightAfterTheActionWithOriginEffect() {
    let plugin = CommitLog<Counter.State, Counter.Action>()
    let store = Store(
      initialState: Counter.State(),
      reducer: Scripted { action in action == .increment ? .send(.note("after")) : .none },
      plugins: [plugin]
    )
    store.send(.increment)
    #expect(store.state.log == ["after"])
    #expect(plugin.commits.map(\.origin) == [.send, .effect])
  }

  @Test func mapLiftsTheActionsOfAnEffect() async {
    let child: Effect<Int> = .merge(.send(1), .run { send in await send(2) })
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      action == .increment ? child.map { .note("child \($0)") } : .none
    })
    await store.send(.increment).finish()
    #expect(store.state.log.sorted() == ["child 1", "child 2"])
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    #expect(await Self.concatenationWithASleepingFirstStep() == ["first", "second", "third"])
  }

  /// Two hundred concatenations at once: a step's task that ends while the concatenation is
  /// on its way to wait for it must still let it go on. A waiter kept after the step had
  /// ended was never resumed, and `finish()` waited for ever (in about one run of ten under
  /// load, before `EffectGroup.finish` read its count again where it keeps the waiter).
  @Test func manyConcatenationsAtOnceAllFinish() async {
    let logs = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<200 {
        group.addTask { await Self.concatenationWithASleepingFirstStep() }
      }
      var logs: [[String]] = []
      for await log in group { logs.append(log) }
      return logs
    }
    #expect(logs.count == 200)
    #expect(logs.allSatisfy { $0 == ["first", "second", "third"] })
  }

  /// One concatenation whose first step sleeps on a clock of its own, run to its end: the log.
  private static func concatenationWithASleepingFirstStep() async -> [String] {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard action == .increment else { return .none }
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.note("first"))
        },
        .send(.note("second")),
        .run { send in await send(.note("third")) }
      )
    })
    let task = store.send(.increment)
    await clock.advance(by: .seconds(1))
    await task.finish()
    return store.state.log
  }

  @Test func mergeRunsEffectsTogether() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard action == .increment else { return .none }
      return .merge(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.note("slow"))
        },
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.note("fast"))
        }
      )
    })
    let task = store.send(.increment)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state.log == ["fast", "slow"])
  }

  @Test func finishWaitsForEffectsStartedByTheEffectsActions() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      switch action {
      case .increment:
        return .run { send in await send(.note("step 1")) }
      case .note("step 1"):
        return .run { send in
          try await clock.sleep(for: .seconds(5))
          await send(.note("step 2"))
        }
      default:
        return .none
      }
    })
    let task = store.send(.increment)
    while store.state.log.isEmpty { await Task.yield() }
    #expect(task.isRunning)
    await clock.advance(by: .seconds(5))
    await task.finish()
    #expect(store.state.log == ["step 1", "step 2"])
  }

  @Test func storeTaskCancelCancelsItsEffects() async {
    let cancelled = Flag()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard action == .increment else { return .none }
      return .run { send in
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3600))
        } onCancel: {
          cancelled.set()
        }
        await send(.note("too late"))
      }
    })
    let task = store.send(.increment)
    task.cancel()
    await task.finish()
    #expect(cancelled.isSet)
    #expect(store.state.log.isEmpty)
  }

  @Test func cancelInFlightCancelsTheEarlierEffect() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard case let .set(value) = action else { return .none }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.note("done \(value)"))
      }
      .cancellable(id: ID.fetch, cancelInFlight: true)
    })
    let first = store.send(.set(1))
    let second = store.send(.set(2))
    await first.finish()
    #expect(store.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.log == ["done 2"])
  }

  @Test func cancelByIDCancelsOnlyThatID() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      switch action {
      case .increment:
        return .merge(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.note("fetch"))
          }.cancellable(id: ID.fetch),
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.note("other"))
          }.cancellable(id: ID.other)
        )
      case .decrement:
        return .cancel(id: ID.fetch)
      default:
        return .none
      }
    })
    let task = store.send(.increment)
    store.send(.decrement)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.log == ["other"])
  }

  @Test func cancelledEffectsCannotSendLateActions() async {
    let gate = AsyncStream<Void>.makeStream()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      switch action {
      case .increment:
        return .run { send in
          for await _ in gate.stream {}
          await send(.note("late"))  // dropped: the effect was cancelled
        }.cancellable(id: ID.fetch)
      case .decrement:
        return .cancel(id: ID.fetch)
      default:
        return .none
      }
    })
    let task = store.send(.increment)
    store.send(.decrement)
    gate.continuation.finish()
    await task.finish()
    #expect(store.state.log.isEmpty)
  }

  @Test func droppingTheStoreCancelsItsEffects() async {
    let cancelled = Flag()
    let started = AsyncStream<Void>.makeStream()
    var store: Store<Counter.State, Counter.Action>? = Store(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard action == .increment else { return .none }
        return .run { _ in
          await withTaskCancellationHandler {
            started.continuation.yield()
            try? await Task.sleep(for: .seconds(3600))
          } onCancel: {
            cancelled.set()
          }
        }
      }
    )
    weak let weakStore = store
    let task = store!.send(.increment)
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    store = nil
    #expect(weakStore == nil)
    await task.finish()
    #expect(cancelled.isSet)
  }

  @Test func effectsDoNotRetainTheStore() async {
    let gate = AsyncStream<Void>.makeStream()
    var store: Store<Counter.State, Counter.Action>? = Store(
      initialState: Counter.State(),
      reducer: Scripted { action in
        guard action == .increment else { return .none }
        return .run { send in
          for await _ in gate.stream {}
          await send(.note("nobody home"))
        }
      }
    )
    weak let weakStore = store
    let task = store!.send(.increment)
    store = nil
    #expect(weakStore == nil)
    gate.continuation.finish()
    await task.finish()
  }

  @Test func anErrorThrownInRunGoesToCatch() async {
    struct Boom: Error {}
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard action == .increment else { return .none }
      return .run { _ in throw Boom() } catch: { error, send in
        await send(.failed("\(type(of: error))"))
      }
    })
    await store.send(.increment).finish()
    #expect(store.state.log == ["failed: Boom"])
  }

  @Test func anUnhandledErrorIsReportedAndTheStoreKeepsRunning() async {
    struct Boom: Error {}
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      action == .increment ? .run { _ in throw Boom() } : .none
    })
    await withKnownIssue {
      await store.send(.increment).finish()
    }
    store.send(.set(3))
    #expect(store.state.count == 3)
  }

  @Test func cancellationIsNotReportedAsAnError() async {
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      switch action {
      case .increment:
        return .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: ID.fetch)
      case .decrement:
        return .cancel(id: ID.fetch)
      default:
        return .none
      }
    })
    let task = store.send(.increment)
    store.send(.decrement)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func debounceRunsOnlyTheLastEffectOfABurst() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard case let .rename(query) = action else { return .none }
      return .run { send in await send(.note("search \(query)")) }
        .debounce(id: ID.search, for: .milliseconds(300), clock: clock)
    })
    for query in ["n", "ne", "new"] {
      store.send(.rename(query))
      await clock.advance(by: .milliseconds(100))
    }
    let last = store.send(.rename("new jeans"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.log.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.state.log == ["search new jeans"])
  }

  @Test func aDebouncedEffectCanBeCancelledWhileWaiting() async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      switch action {
      case let .rename(query):
        return .run { send in await send(.note(query)) }
          .debounce(id: ID.search, for: .milliseconds(300), clock: clock)
      case .decrement:
        return .cancel(id: ID.search)
      default:
        return .none
      }
    })
    let task = store.send(.rename("x"))
    store.send(.decrement)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.log.isEmpty)
  }

  @Test(arguments: [false, true])
  func throttleLetsOneEffectThroughPerInterval(latest: Bool) async {
    let clock = VirtualClock()
    let store = Store(initialState: Counter.State(), reducer: Scripted { action in
      guard case let .rename(text) = action else { return .none }
      return .send(.note(text))
        .throttle(id: ID.other, for: .seconds(1), clock: clock, latest: latest)
    })
    let first = store.send(.rename("a"))
    store.send(.rename("b"))
    let last = store.send(.rename("c"))
    #expect(store.state.log == ["a"])
    await clock.advance(by: .seconds(1))
    await first.finish()
    await clock.advance(by: .seconds(1))
    await last.finish()
    #expect(store.state.log == (latest ? ["a", "c"] : ["a"]))
  }
}
