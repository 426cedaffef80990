import IssueReporting
import Testing
@testable import EventLog
@testable import StoreCore

@MainActor
struct BindingTests {
  @Test func bindCallsAtOnceWithTheCurrentValueThenOnEachChange() {
    let store = Store(initialState: Counter.State(count: 5), reducer: Counter())
    var seen: [Int] = []
    let binding = store.bind(\.count) { seen.append($0) }
    store.send(.increment)
    store.send(.increment)
    #expect(seen == [5, 6, 7])
    binding.cancel()
  }

  @Test func lazyBindSkipsTheFirstCall() {
    let store = Store(initialState: Counter.State(count: 5), reducer: Counter())
    var seen: [Int] = []
    let binding = store.lazyBind(\.count) { seen.append($0) }
    #expect(seen.isEmpty)
    store.send(.increment)
    #expect(seen == [6])
    binding.cancel()
  }

  @Test func bindingsStaySilentWhenTheirValueIsUnchanged() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var labels: [String] = []
    let binding = store.lazyBind(\.label) { labels.append($0) }
    store.send(.increment)
    store.send(.set(7))
    store.send(.rename("a"))
    store.send(.rename("a"))
    store.send(.note("x"))
    #expect(labels == ["a"])
    binding.cancel()
  }

  @Test func aBindingOnAComputedPropertyFiresOnlyWhenTheDerivedValueChanges() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var evens: [Bool] = []
    let binding = store.bind(\.isEven) { evens.append($0) }
    store.send(.set(2))  // still even: silent
    store.send(.set(3))
    store.send(.set(5))  // still odd: silent
    store.send(.set(6))
    #expect(evens == [true, false, true])
    binding.cancel()
  }

  @Test func aSelectorBindingDeduplicatesByEquatable() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [String] = []
    let binding = store.bind({ "\($0.count / 10) tens" }) { seen.append($0) }
    for value in [1, 5, 9, 10, 19, 20] { store.send(.set(value)) }
    #expect(seen == ["0 tens", "1 tens", "2 tens"])
    binding.cancel()
  }

  @Test func selectorLazyBindSkipsTheFirstCall() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [Int] = []
    let binding = store.lazyBind({ $0.count * 2 }) { seen.append($0) }
    store.send(.set(3))
    #expect(seen == [6])
    binding.cancel()
  }

  @Test func cancelEndsTheBinding() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var calls = 0
    let binding = store.lazyBind(\.count) { _ in calls += 1 }
    store.send(.increment)
    binding.cancel()
    binding.cancel()
    store.send(.increment)
    #expect(calls == 1)
  }

  @Test func releasingTheBindingEndsIt() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var calls = 0
    var binding: StoreBinding? = store.lazyBind(\.count) { _ in calls += 1 }
    store.send(.increment)
    #expect(binding != nil)
    binding = nil
    store.send(.increment)
    #expect(calls == 1)
  }

  @Test func aBindingDroppedAtOnceIsReportedAsAWarning() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var calls = 0
    let issues = CapturedIssues()
    withIssueReporters([issues]) {
      _ = store.lazyBind(\.count) { _ in calls += 1 }
    }
    store.send(.increment)
    #expect(calls == 0)
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.severity == .warning)
    #expect(issues.all.first?.message.contains("Keep the StoreBinding") == true)
  }

  @Test func aBindingCancelledDuringDispatchIsNotCalledAgain() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var second = 0
    var secondBinding: StoreBinding?
    let first = store.lazyBind(\.count) { _ in secondBinding?.cancel() }
    secondBinding = store.lazyBind(\.count) { _ in second += 1 }
    store.send(.increment)
    store.send(.increment)
    #expect(second == 0)
    first.cancel()
  }

  @Test func aBindingAddedDuringDispatchStartsFromTheCurrentState() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var lateSeen: [Int] = []
    var late: StoreBinding?
    let first = store.lazyBind(\.count) { _ in
      if late == nil { late = store.bind(\.count) { lateSeen.append($0) } }
    }
    store.send(.increment)
    store.send(.increment)
    #expect(lateSeen == [1, 2])
    first.cancel()
    late?.cancel()
  }

  @Test func observersSeeEachCommittedStateAtMostOnceAndInOrder() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [Int] = []
    let binding = store.lazyBind(\.count) { count in
      seen.append(count)
      if count < 5 { store.send(.increment) }
    }
    store.send(.increment)
    #expect(seen == [1, 2, 3, 4, 5])
    binding.cancel()
  }

  @Test func valuesStreamsTheCurrentValueFirstThenEachChange() async {
    let store = Store(initialState: Counter.State(count: 1), reducer: Counter())
    var iterator = store.values(\.count).makeAsyncIterator()
    #expect(await iterator.next() == 1)
    store.send(.increment)
    store.send(.rename("no change to count"))
    store.send(.increment)
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 3)
  }

  @Test func valuesFinishesWhenTheStoreIsReleased() async {
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State(), reducer: Counter())
    let stream = store!.values(\.count)
    store = nil
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [0])
  }
}
