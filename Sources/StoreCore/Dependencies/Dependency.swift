/// Reads a dependency where a reducer or an effect needs it, instead of taking it as an
/// argument.
///
/// ```swift
/// struct Todos: Reducer {
///   @Dependency(\.uuid) var uuid
///
///   var body: some Reducer<State, Action> {
///     Reduce { state, action in
///       state.todos.append(Todo(id: uuid()))
///       return .none
///     }
///   }
/// }
/// ```
///
/// The value is looked up when it is read: in a store's fold, the store's dependencies; in an
/// effect, those of the store that started it; elsewhere, those of the enclosing
/// ``withDependencies(_:operation:)``, or the defaults.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
