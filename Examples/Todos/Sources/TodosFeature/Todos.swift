import CasePaths
public import Foundation
import StateObservation
public import Store

/// The list: rows added at the top, a filter, a button that clears what is done, and rows
/// sorted (what is done goes below what is not) a second after the last tick of a checkbox, so
/// that a row does not jump away while its neighbours are being ticked.
public struct Todos: Reducer {
  public enum Filter: String, CaseIterable, Codable, Sendable {
    case all, active, completed
  }

  /// Every `var` is bindable, by its name (`{"binding":{"_0":{"filter":"active"}}}`):
  /// `@ObservableState` lists them.
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var todos: IdentifiedArrayOf<Todo.State>
    public var filter: Filter

    public init(todos: IdentifiedArrayOf<Todo.State> = [], filter: Filter = .all) {
      self.todos = todos
      self.filter = filter
    }

    /// The rows the filter shows, in the list's order.
    public var visibleTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable, BindableAction {
    case addButtonTapped
    case binding(BindingAction<State>)
    case clearCompletedButtonTapped
    case sortCompletedTodos
    case todos(IdentifiedActionOf<Todo>)
  }

  enum CancelID: Hashable, Sendable { case sort }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .binding:
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .sortCompletedTodos:
        // Stable: rows keep their order within what is done and what is not.
        let open = state.todos.filter { !$0.isComplete }
        let done = state.todos.filter(\.isComplete)
        state.todos = IdentifiedArray(uniqueElements: Array(open) + Array(done))
        return .none

      case let .todos(.element(id, .deleteButtonTapped)):
        state.todos.remove(id: id)
        return .none

      case .todos(.element(_, .binding(\.isComplete))):
        return .run { send in await send(.sortCompletedTodos) }
          .debounce(id: CancelID.sort, for: .seconds(1), clock: clock)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }
}
