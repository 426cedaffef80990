import IssueReporting

/// The dependencies in effect: the defaults of every ``DependencyKey`` (live in an app, test
/// values under a test runner), and the overrides of ``withDependencies(_:operation:)``
/// or of a store.
///
/// Each dependency is a computed property on it, so that ``Dependency`` names it by key path
/// (`@Dependency(\.uuid)`).
public struct DependencyValues: Sendable {
  /// The values in effect here: a task-local, so that an effect started by a reducer sees the
  /// dependencies of the store that started it.
  @TaskLocal static var current = DependencyValues()

  private var overrides: [ObjectIdentifier: any Sendable] = [:]

  public init() {}

  /// Whether anything was overridden: a store with nothing to install skips the task-local.
  var isEmpty: Bool { overrides.isEmpty }

  /// The value of `key`: its override, or its default for this process.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
      return isTesting ? Key.testValue : Key.liveValue
    }
    set { overrides[ObjectIdentifier(key)] = newValue }
  }

  /// These values with `other`'s overrides on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.overrides.merge(other.overrides) { _, new in new }
    return merged
  }
}

/// Runs `operation` with the dependencies `update` changes; stores created and effects started
/// inside it use them.
///
/// ```swift
/// let store = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   Store(initialState: Todos.State(), reducer: Todos())
/// }
/// ```
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// ``withDependencies(_:operation:)`` for asynchronous work.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$current.withValue(values, operation: operation)
}
