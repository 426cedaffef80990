import Foundation
import Store
import Testing
import TodosFeature

/// The to-do list as a TCA user tests a feature: an exhaustive TestStore, ids from
/// `.incrementing`, a virtual clock for the sort's debounce, and actions named by case key path.
@MainActor
struct TodosTests {
  let clock = VirtualClock()

  func makeStore(_ todos: IdentifiedArrayOf<Todo.State> = []) -> TestStore<Todos.State, Todos.Action> {
    TestStore(initialState: Todos.State(todos: todos), reducer: Todos()) {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }

  @Test func anAddedRowGoesOnTopWithTheNextId() async {
    let store = makeStore([Todo.State(id: UUID(9), description: "Milk")])
    await store.send(.addButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(0)), at: 0)
    }
    await store.send(.addButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(1)), at: 0)
    }
  }

  @Test func aRowIsEditedThroughItsBinding() async {
    let store = makeStore([Todo.State(id: UUID(0))])
    await store.send(\.todos[id: UUID(0)].binding.description, "Buy milk") {
      $0.todos[id: UUID(0)]?.description = "Buy milk"
    }
  }

  @Test func aTickedRowSinksASecondLater() async {
    let store = makeStore([Todo.State(id: UUID(0), description: "Milk"), Todo.State(id: UUID(1), description: "Eggs")])
    await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        Todo.State(id: UUID(1), description: "Eggs"),
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
      ]
    }
  }

  @Test func ticksWithinASecondSortOnce() async {
    let store = makeStore([Todo.State(id: UUID(0)), Todo.State(id: UUID(1))])
    await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(0)].binding.isComplete, false) {
      $0.todos[id: UUID(0)]?.isComplete = false
    }
    await clock.advance(by: .seconds(1))
    // One sort, a second after the last tick; the order did not change.
    await store.receive(\.sortCompletedTodos)
  }

  @Test func editingTheTextDoesNotSort() async {
    let store = makeStore([Todo.State(id: UUID(0))])
    await store.send(\.todos[id: UUID(0)].binding.description, "Milk") {
      $0.todos[id: UUID(0)]?.description = "Milk"
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func clearingRemovesOnlyWhatIsDone() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Milk", isComplete: true),
      Todo.State(id: UUID(1), description: "Eggs"),
    ])
    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [Todo.State(id: UUID(1), description: "Eggs")]
    }
  }

  @Test func aRowsDeleteButtonRemovesIt() async {
    let store = makeStore([Todo.State(id: UUID(0)), Todo.State(id: UUID(1))])
    await store.send(\.todos[id: UUID(1)].deleteButtonTapped) {
      $0.todos.remove(id: UUID(1))
    }
  }

  @Test func theFilterShowsTheRowsItNames() async {
    let store = makeStore([
      Todo.State(id: UUID(0), description: "Milk", isComplete: true),
      Todo.State(id: UUID(1), description: "Eggs"),
    ])
    await store.send(\.binding.filter, .active) { $0.filter = .active }
    #expect(store.state.visibleTodos.map(\.description) == ["Eggs"])
    await store.send(\.binding.filter, .completed) { $0.filter = .completed }
    #expect(store.state.visibleTodos.map(\.description) == ["Milk"])
    await store.send(\.binding.filter, .all) { $0.filter = .all }
    #expect(store.state.visibleTodos.count == 2)
  }
}
