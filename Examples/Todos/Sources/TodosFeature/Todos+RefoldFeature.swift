public import Foundation
public import Host
public import Store

/// The list on the command line (todos-tool), in the feature's own module so that the tests
/// `todos-tool test-gen` writes see it.
extension Todos: RefoldFeature {
  public static let featureName = "todos"
  public static let summary = "A to-do list: rows, bindings, a filter, and done rows sorted down after a second."

  /// Two rows with fixed ids, so that an action line can name them:
  /// `{"todos":{"_0":{"element":{"id":"5EED0000-0000-0000-0000-000000000001","action":{"deleteButtonTapped":{}}}}}}`.
  /// (A row added with `todos-tool run --uuids incrementing` gets `00000000-0000-0000-0000-000000000000`,
  /// then `…0001`: these ids stay clear of those.)
  public static let seededTodos: IdentifiedArrayOf<Todo.State> = [
    Todo.State(id: seededID(1), description: "Milk"),
    Todo.State(id: seededID(2), description: "Eggs"),
  ]

  static func seededID(_ number: Int) -> UUID {
    UUID(uuidString: "5EED0000-0000-0000-0000-00000000000\(number)")!
  }

  public static let exampleActions: [Action] = [
    .addButtonTapped,
    .todos(.element(id: seededID(1), action: .binding(.set(\.isComplete, true)))),
    .binding(.set(\.filter, .active)),
    .clearCompletedButtonTapped,
  ]

  public static func initialState(in environment: FeatureEnvironment) -> State {
    State(todos: seededTodos)
  }

  public init(environment: FeatureEnvironment) { self.init() }

  /// The sort's debounce waits on the environment's clock (real time on `run`).
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.continuousClock = environment.clock
  }
}
