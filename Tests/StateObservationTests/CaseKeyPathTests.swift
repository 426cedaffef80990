import CasePaths
import Store
import Testing

// TCA's case key paths, as a port writes them: actions marked `@CasePathable` (the macro of
// swift-case-paths' CasePaths product, which is why these tests sit in the target built with
// macros), operators given `\.case`, and a test that sends, receives and modifies by path.

/// A row of a list, and the screen that edits one: a binding and a delete button.
private struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable, BindableState {
    let id: Int
    var title = ""
    static let bindableFields: BindableFields<Self> = [.field("title", \.title)]
  }
  @CasePathable
  enum Action: Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    case deleteTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// The screens of the list's navigation stack.
private struct Path: Reducer {
  @CasePathable
  enum State: Equatable, Sendable {
    case detail(Row.State)
    case about
  }
  @CasePathable
  enum Action: Equatable, Sendable {
    case detail(Row.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.detail, action: \.detail) { Row() }
  }
}

private struct SearchFailed: Error, Equatable {}

/// A list with rows, a stack, an alert and a search whose answer is a `Result`.
private struct List: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var path = StackState<Path.State>()
    @Presents var alert: AlertState<Action.Alert>?
    var results: [String] = []
    var failures = 0
  }
  @CasePathable
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case path(StackActionOf<Path>)
    case alert(PresentationAction<Alert>)
    case searchTapped(String)
    case searchResponse(Result<[String], SearchFailed>)
    @CasePathable
    enum Alert: Equatable, Sendable {
      case confirmDeletion(id: Int)
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rows(.element(id, .deleteTapped)):
        state.alert = AlertState(
          title: "Delete?", buttons: [.destructive("Delete", action: .confirmDeletion(id: id))])
        return .none
      case let .alert(.presented(.confirmDeletion(id))):
        state.rows.remove(id: id)
        return .none
      case let .searchTapped(query):
        return .run { send in
          await send(.searchResponse(query.isEmpty ? .failure(SearchFailed()) : .success([query, query + "s"])))
        }
      case let .searchResponse(.success(results)):
        state.results = results
        return .none
      case .searchResponse(.failure):
        state.failures += 1
        return .none
      case .rows, .path, .alert:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .forEach(\.path, action: \.path) { Path() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
struct CaseKeyPathTests {
  @Test func aBindingIsSentByItsPathThroughARow() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1)]), reducer: List())
    await store.send(\.rows[id: 1].binding.title, "Milk") { $0.rows[id: 1]?.title = "Milk" }
    #expect(store.state.rows[id: 1]?.title == "Milk")
  }

  @Test func anActionIsReceivedByTheCaseOfItsPayload() async {
    let store = TestStore(initialState: List.State(), reducer: List())
    await store.send(.searchTapped("cat"))
    await store.receive(\.searchResponse.success) { $0.results = ["cat", "cats"] }
    await store.send(.searchTapped("dog"))
    await store.receive(\.searchResponse.success, ["dog", "dogs"]) { $0.results = ["dog", "dogs"] }
    await store.send(.searchTapped(""))
    await store.receive(\.searchResponse.failure) { $0.failures = 1 }
  }

  @Test func aPathToAnotherCaseDoesNotMatch() async {
    let store = TestStore(initialState: List.State(), reducer: List())
    await store.send(.searchTapped(""))
    // The failure is received in place of the success the test waits for: reported, and the
    // action is taken, as TCA's exhaustive store does.
    await withKnownIssue {
      await store.receive(\.searchResponse.success) { $0.failures = 1 }
    } matching: { issue in
      issue.description.contains("Received an unexpected action")
        && issue.description.contains("failure(SearchFailed())")
    }
    #expect(store.state.failures == 1)
  }

  @Test func aScreenOnTheStackIsReachedAndModifiedByItsCase() async {
    var path = StackState<Path.State>()
    path.append(.detail(Row.State(id: 7)))
    path.append(.about)
    let store = TestStore(initialState: List.State(path: path), reducer: List())
    await store.send(\.path[id: 0].detail.binding.title, "Draft") {
      $0.path[id: 0, case: \.detail]?.title = "Draft"
    }
    await store.send(\.path[id: 0].detail.binding.title, "Final") {
      $0.path[id: 0]?.modify(\.detail) { $0.title = "Final" }
    }
    // A screen of another case is neither read nor written through the path.
    var state = store.state
    #expect(state.path[id: 1, case: \.detail] == nil)
    state.path[id: 1, case: \.detail] = Row.State(id: 9)
    #expect(state.path[id: 1] == .about)
  }

  @Test func anAlertIsAnsweredByItsPath() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)]), reducer: List())
    await store.send(\.rows[id: 2].deleteTapped) {
      $0.alert = AlertState(title: "Delete?", buttons: [.destructive("Delete", action: .confirmDeletion(id: 2))])
    }
    await store.send(\.alert.presented.confirmDeletion, 2) {
      $0.alert = nil
      $0.rows.remove(id: 2)
    }
  }

  @Test func anActionPathFromACaseKeyPathEmbedsAndExtractsAsTheConstructorsDo() {
    let byKeyPath = ActionPath(\List.Action.Cases.searchResponse.success)
    let action = byKeyPath.embed(["a"])
    #expect(action == .searchResponse(.success(["a"])))
    #expect(byKeyPath.extract(action) == ["a"])
    #expect(byKeyPath.extract(.searchResponse(.failure(SearchFailed()))) == nil)
    let rows = ActionPath(\List.Action.Cases.rows[id: 3].binding.title)
    #expect(rows.extract(.rows(.element(id: 3, action: .binding(.set(\.title, "x"))))) == "x")
    #expect(rows.extract(.rows(.element(id: 4, action: .binding(.set(\.title, "x"))))) == nil)
  }
}
