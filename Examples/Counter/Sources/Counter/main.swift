import CounterFeature
import Store

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
    reducer: Counter(),
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
