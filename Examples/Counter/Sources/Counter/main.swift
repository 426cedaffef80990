import Store

struct Counter: Reducer {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var isEven: Bool { count.isMultiple(of: 2) }
  }

  enum Action: Equatable, Codable, Sendable {
    case incrementTapped
    case delayedIncrementTapped
    case cancelTapped
  }

  enum CancelID: Hashable, Sendable { case delay }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(10))
        await send(.incrementTapped)
      }
      .cancellable(id: CancelID.delay, cancelInFlight: true)
    case .cancelTapped:
      return .cancel(id: CancelID.delay)
    }
  }
}

/// Prints every commit, as a logging plugin would.
final class PrintCommits: StorePlugin {
  func didCommit(_ commit: Commit<Counter.State, Counter.Action>) {
    print("#\(commit.seq) \(commit.origin.rawValue) \(commit.action) → count \(commit.state.count)")
  }
}

@MainActor
func main() async {
  let store = Store(
    initialState: Counter.State(),
    reducer: Counter(clock: ContinuousClock()),
    plugins: [PrintCommits()]
  )
  var bindings: Set<StoreBinding> = []
  store.bind(\.count) { print("count is", $0) }.store(in: &bindings)
  store.lazyBind(\.isEven) { print("even:", $0) }.store(in: &bindings)
  store.bind({ $0.count * 10 }) { print("times ten:", $0) }.store(in: &bindings)

  store.send(.incrementTapped)
  await store.send(.delayedIncrementTapped).finish()
  store.send(.delayedIncrementTapped)
  store.send(.cancelTapped)

  var values = store.values(\.count).makeAsyncIterator()
  print("stream starts at", await values.next() ?? -1)
  precondition(store.state.count == 2)
}

await main()
