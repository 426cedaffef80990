import IdentifiedCollections
import Testing
@testable import EventLog
@testable import StoreCore

struct Parent: Reducer {
  struct Row: Equatable, Identifiable, Sendable { var id: Int; var counter = Counter.State() }
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Row> = []
    var detail: Counter.State?
    var trail: [String] = []
  }
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case rows(IdentifiedAction<Int, Counter.Action>)
    case detail(Counter.Action)
    case openDetail
    case closeDetail
  }

  static let counterPath = ActionPath<Action, Counter.Action>(
    embed: Action.counter, extract: { if case let .counter(a) = $0 { a } else { nil } })
  static let rowsPath = ActionPath<Action, IdentifiedAction<Int, Counter.Action>>(
    embed: Action.rows, extract: { if case let .rows(a) = $0 { a } else { nil } })
  static let detailPath = ActionPath<Action, Counter.Action>(
    embed: Action.detail, extract: { if case let .detail(a) = $0 { a } else { nil } })

  var includeAudit = true

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.counter, action: Self.counterPath) { Counter() }
      Reduce { state, action in
        switch action {
        case .openDetail: state.detail = Counter.State()
        case .closeDetail: state.detail = nil
        default: break
        }
        state.trail.append("parent saw count \(state.counter.count)")
        return .none
      }
      if includeAudit {
        Reduce { state, _ in
          state.trail.append("audit")
          return .none
        }
      }
    }
    .forEach(\.rows, action: Self.rowsPath) {
      Scope(state: \Parent.Row.counter, action: ActionPath<Counter.Action, Counter.Action>(embed: { $0 }, extract: { $0 })) { Counter() }
    }
    .ifLet(\.detail, action: Self.detailPath) { Counter() }
  }
}

@MainActor
struct ReducerCompositionTests {
  @Test func combineReducersRunsChildrenInOrderAfterTheChildScope() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
    #expect(store.state.trail == ["parent saw count 1", "audit"])
  }

  @Test func anOptionalReducerInTheBuilderCanBeLeftOut() {
    let store = Store(initialState: Parent.State(), reducer: Parent(includeAudit: false))
    store.send(.counter(.increment))
    #expect(store.state.trail == ["parent saw count 1"])
  }

  @Test func scopeLiftsChildEffectsIntoParentActions() async {
    let child = Reduce<Counter.State, Counter.Action> { state, action in
      _ = Counter().reduce(into: &state, action: action)
      return action == .increment ? .run { send in await send(.response(50)) } : .none
    }
    let parent = Scope(state: \Parent.State.counter, action: Parent.counterPath) { child }
    let plugin = CommitLog<Parent.State, Parent.Action>()
    let store = Store(initialState: Parent.State(), reducer: parent, plugins: [plugin])
    await store.send(.counter(.increment)).finish()
    #expect(plugin.commits.map(\.action) == [.counter(.increment), .counter(.response(50))])
    #expect(store.state.counter.count == 50)
  }

  @Test func forEachRoutesAnElementActionToItsRow() {
    let store = Store(
      initialState: Parent.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: Parent()
    )
    store.send(.rows(.element(id: 2, action: .set(9))))
    #expect(store.state.rows[id: 1]?.counter.count == 0)
    #expect(store.state.rows[id: 2]?.counter.count == 9)
  }

  @Test func forEachReportsAnActionForAMissingRow() {
    let store = Store(initialState: Parent.State(rows: [.init(id: 1)]), reducer: Parent())
    withKnownIssue {
      store.send(.rows(.element(id: 7, action: .increment)))
    } matching: { $0.description.contains("not in the collection: 7") }
    #expect(store.state.rows[id: 1]?.counter.count == 0)
  }

  @Test func ifLetRunsTheChildOnlyWhileItsStateExists() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.openDetail)
    store.send(.detail(.increment))
    #expect(store.state.detail?.count == 1)
    store.send(.closeDetail)
    withKnownIssue {
      store.send(.detail(.increment))
    } matching: { $0.description.contains("child state was nil") }
    #expect(store.state.detail == nil)
  }
}
