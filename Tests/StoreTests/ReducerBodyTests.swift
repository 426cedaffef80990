import IdentifiedCollections
import IssueReporting
import Testing
@testable import StoreCore

/// A feature written the way a TCA user writes one: a `body`, one-line scopes, no `reduce`.
private struct Shelf: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var books: IdentifiedArrayOf<Book> = []
    var audit: [String] = []
  }
  struct Book: Equatable, Identifiable, Sendable {
    var id: Int
    var counter = Counter.State()
  }
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case books(IdentifiedAction<Int, Counter.Action>)
    case add(Int)
  }

  var audits = true

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counter) { Counter() }
    Reduce { state, action in
      if case let .add(id) = action { state.books.append(Book(id: id)) }
      return .none
    }
    .forEach(\.books, action: Action.books) {
      Scope(state: \Book.counter, action: .identity) { Counter() }
    }
    if audits {
      Reduce { state, _ in
        state.audit.append("saw count \(state.counter.count)")
        return .none
      }
    } else {
      EmptyReducer()
    }
  }
}

/// The states and actions of an enum-shaped feature, for `ifCaseLet`.
private struct Gate: Reducer {
  enum State: Equatable, Sendable {
    case closed
    case open(Counter.State)
  }
  enum Action: Equatable, Sendable {
    case open
    case close
    case inside(Counter.Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .open: state = .open(Counter.State())
      case .close: state = .closed
      case .inside: break
      }
      return .none
    }
    .ifCaseLet(State.open, action: Action.inside) { Counter() }
  }
}

@MainActor
struct ReducerBodyTests {
  @Test func aBodyRunsItsReducersInOrder() {
    let store = Store(initialState: Shelf.State(), reducer: Shelf())
    store.send(.counter(.increment))
    store.send(.add(7))
    store.send(.books(.element(id: 7, action: .set(3))))
    #expect(store.state.counter.count == 1)
    #expect(store.state.books[id: 7]?.counter.count == 3)
    #expect(store.state.audit == ["saw count 1", "saw count 1", "saw count 1"])
  }

  @Test func anEmptyReducerChangesNothing() {
    let store = Store(initialState: Shelf.State(), reducer: Shelf(audits: false))
    store.send(.counter(.increment))
    #expect(store.state.audit.isEmpty)
    #expect(store.state.counter.count == 1)
    var state = 5
    #expect(EmptyReducer<Int, Void>().reduce(into: &state, action: ()).isNone)
    #expect(state == 5)
  }

  @Test func ifCaseLetRunsTheCaseReducerOnlyInItsCase() async {
    let issues = CapturedIssues()
    let store = Store(initialState: Gate.State.closed, reducer: Gate())
    _ = withIssueReporters([issues]) {
      store.send(.inside(.increment))
    }
    #expect(store.state == .closed)
    #expect(issues.all.map(\.message).contains { $0.contains("\"ifCaseLet\" received an action for a case") })
    store.send(.open)
    store.send(.inside(.increment))
    store.send(.inside(.increment))
    #expect(store.state == .open(Counter.State(count: 2)))
  }
}

/// `ActionPath(Action.someCase)`: the case constructor is the whole path.
struct ActionPathFromConstructorTests {
  indirect enum Shape: Equatable, Sendable {
    case add(Int)
    case remove(Int)
    case pair(Int, String)
    case labelled(id: Int, name: String)
    case nested(Shape)
    case optional(Int?)
    case none
  }

  @Test func extractsItsOwnCaseAndNoOther() {
    let add = ActionPath(Shape.add)
    #expect(add.extract(.add(3)) == 3)
    // Same payload type, another case: the embed round trip tells them apart.
    #expect(add.extract(.remove(3)) == nil)
    #expect(add.extract(.none) == nil)
    #expect(add.extract(.optional(3)) == nil)
    #expect(add.embed(4) == .add(4))
  }

  @Test func caseNumbersTellCasesApart() {
    let shapes: [Shape] = [.add(1), .remove(1), .pair(1, "a"), .labelled(id: 1, name: "a"), .nested(.none), .optional(nil), .none]
    let tags = shapes.map { EnumTag.of($0) }
    #expect(Set(tags.compactMap { $0 }).count == shapes.count)
    #expect(EnumTag.of(Shape.add(2)) == EnumTag.of(Shape.add(1)))
    #expect(EnumTag.of(Int?.none) != EnumTag.of(Int?.some(1)))
    #expect(EnumTag.of(3) == nil)
    #expect(EnumTag.of(Counter.State()) == nil)
  }

  @Test func aPathUsedAgainStillExtractsEveryValueOfItsCase() {
    let remove = ActionPath(Shape.remove)
    #expect(remove.extract(.add(1)) == nil)
    #expect(remove.extract(.remove(1)) == 1)
    #expect(remove.extract(.add(2)) == nil)
    #expect(remove.extract(.remove(2)) == 2)
    #expect(remove.extract(.nested(.remove(2))) == nil)
  }

  @Test func everyPayloadShape() {
    let pair = ActionPath(Shape.pair)
    #expect(pair.extract(.pair(1, "a")).map { [$0.0 == 1, $0.1 == "a"] } == [true, true])
    let labelled = ActionPath(Shape.labelled)
    #expect(labelled.extract(.labelled(id: 2, name: "b")).map { [$0.0 == 2, $0.1 == "b"] } == [true, true])
    #expect(labelled.extract(.pair(2, "b")) == nil)
    let nested = ActionPath(Shape.nested)
    #expect(nested.extract(.nested(.add(1))) == .add(1))
    #expect(nested.extract(.add(1)) == nil)
    let optional = ActionPath(Shape.optional)
    #expect(optional.extract(.optional(nil)) == .some(nil))
    #expect(optional.extract(.optional(5)) == .some(5))
    #expect(optional.extract(.add(5)) == nil)
  }

  /// A path used again gives the same payloads as on its first match, for every payload shape
  /// (the ones read by case number and the ones read through `Mirror` alike).
  @Test func aPathUsedAgainGivesTheSamePayloadsAsItsFirstMatch() {
    let pair = ActionPath(Shape.pair)
    let labelled = ActionPath(Shape.labelled)
    let nested = ActionPath(Shape.nested)
    let optional = ActionPath(Shape.optional)
    for _ in 0..<2 {
      #expect(pair.extract(.pair(1, "a")).map { [$0.0 == 1, $0.1 == "a"] } == [true, true])
      #expect(pair.extract(.labelled(id: 1, name: "a")) == nil)
      #expect(labelled.extract(.labelled(id: 2, name: "b")).map { [$0.0 == 2, $0.1 == "b"] } == [true, true])
      #expect(nested.extract(.nested(.nested(.add(1)))) == .nested(.add(1)))
      #expect(nested.extract(.add(1)) == nil)
      #expect(optional.extract(.optional(nil)) == .some(nil))
      #expect(optional.extract(.optional(7)) == .some(7))
      #expect(optional.extract(.add(7)) == nil)
    }
  }
}

extension Effect {
  fileprivate var isNone: Bool {
    if case .none = operation { true } else { false }
  }
}

/// `onChange(of:)` runs its reducer only for the actions that changed the value.
@MainActor
struct OnChangeTests {
  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var results: [String] = ["old"]
      var changes: [String] = []
    }
    enum Action: Equatable, Sendable {
      case queryChanged(String)
      case noop
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .queryChanged(let query) = action { state.query = query }
        return .none
      }
      .onChange(of: \.query) { oldQuery, newQuery in
        Reduce { state, _ in
          state.results = []
          state.changes.append("\(oldQuery)→\(newQuery)")
          return .none
        }
      }
    }
  }

  @Test func runsOnlyWhenTheValueChanged() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.noop)
    await store.send(.queryChanged("")) // the same value: no change, nothing runs
    await store.send(.queryChanged("iu")) {
      $0.query = "iu"
      $0.results = []
      $0.changes = ["→iu"]
    }
    await store.send(.queryChanged("iu"))
    await store.send(.queryChanged("ive")) {
      $0.query = "ive"
      $0.changes.append("iu→ive")
    }
    await store.finish()
  }
}
