import Observation
import StateObservation
import Store

struct PlainCounter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  func reduce(into state: inout State, action: Bump) -> Effect<Bump> {
    state.count += 1
    return .none
  }
}

struct MarkedCounter: Reducer {
  @ObservableState struct State: Equatable, Sendable { var count = 0 }
  func reduce(into state: inout State, action: Bump) -> Effect<Bump> {
    state.count += 1
    return .none
  }
}

/// Writes its field through a key path held as a value, as `BindingReducer` does with `.set`.
struct PathCounter<State>: Reducer {
  let path: WritableKeyPath<State, Int>
  func reduce(into state: inout State, action: Bump) -> Effect<Bump> {
    state[keyPath: path] += 1
    return .none
  }
}

struct Bump: Sendable {
  var field = 0
}

/// Nanoseconds per call of `body`, after a warm-up.
@MainActor func nanoseconds(per count: Int, _ body: (Int) -> Void) -> Double {
  body(1_000)
  let elapsed = ContinuousClock().measure { body(count) }
  return (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(count)
}

/// Each field read in a tracking of its own and read again once it is heard of, as views that
/// re-render on every change would.
@MainActor final class Observer {
  private let read: () -> Int
  private(set) var heard = 0

  init(read: @escaping () -> Int) {
    self.read = read
    observe()
  }

  private func observe() {
    _ = withObservationTracking { read() } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.heard += 1
        self?.observe()
      }
    }
  }
}

/// Sends `count` actions, field after field (stride 7), and checks every one was heard.
@MainActor func run<State>(
  _ store: Store<State, Bump>, fields: Int, count: Int, heard: () -> Int
) -> Double {
  var field = 0
  let result = nanoseconds(per: count) { count in
    for _ in 0..<count {
      field = (field &+ 7) % fields
      store.send(Bump(field: field))
    }
  }
  precondition(heard() >= count, "an action went unheard")
  return result
}

@MainActor func bound<R: Reducer>(
  _ reducer: R, _ state: R.State, _ paths: [KeyPath<R.State, Int>], count: Int
) -> Double where R.Action == Bump {
  let store = Store(initialState: state, reducer: reducer)
  var calls = 0
  let bindings = paths.map { store.bind($0) { _ in calls += 1 } }
  defer { withExtendedLifetime(bindings) {} }
  return run(store, fields: paths.count, count: count) { calls - paths.count }
}

@MainActor func observed<R: Reducer>(
  _ reducer: R, _ state: R.State, _ paths: [KeyPath<R.State, Int>], count: Int,
  read: @escaping (Store<R.State, Bump>, KeyPath<R.State, Int>) -> Int
) -> Double where R.Action == Bump {
  let store = Store(initialState: state, reducer: reducer)
  let observers = paths.map { path in Observer { read(store, path) } }
  return run(store, fields: paths.count, count: count) { observers.reduce(0) { $0 + $1.heard } }
}

func row(_ name: String, _ plain: Double, _ marked: Double) -> String {
  "  \(name): plain \(Int(plain.rounded())) ns, marked \(Int(marked.rounded())) ns (\(String(format: "%.2f", marked / plain))×)"
}

MainActor.assumeIsolated {
  for round in 1...3 {
    print("round \(round)")
    print(row(
      "W1, one binding", bound(PlainCounter(), .init(), [\.count], count: 300_000),
      bound(MarkedCounter(), .init(), [\.count], count: 300_000)))
    print(row(
      "W1, one binding, written through a key path",
      bound(PathCounter(path: \PlainCounter.State.count), .init(), [\.count], count: 300_000),
      bound(PathCounter(path: \MarkedCounter.State.count), .init(), [\.count], count: 300_000)))
    print(row(
      "W2, 1,000 bindings", bound(WidePlainReducer(), WidePlain(), plainPaths, count: 100_000),
      bound(WideMarkedReducer(), WideMarked(), markedPaths, count: 100_000)))
    print(row(
      "W1 observed (plain: store.count; marked: store.state.count)",
      observed(PlainCounter(), .init(), [\.count], count: 100_000) { store, path in store[dynamicMember: path] },
      observed(MarkedCounter(), .init(), [\.count], count: 100_000) { store, path in store.state[keyPath: path] }))
    print(row(
      "W2 observed (plain: store.fN; marked: store.state.fN)",
      observed(WidePlainReducer(), WidePlain(), plainPaths, count: 30_000) { store, path in store[dynamicMember: path] },
      observed(WideMarkedReducer(), WideMarked(), markedPaths, count: 30_000) { store, path in store.state[keyPath: path] }))
  }
}
