import Foundation
public import Store

/// A feature that `refold` can host: run from action lines, record, replay, inspect and diff.
///
/// The built-in features conform to it; so can yours, to get the same command line for your own
/// logs:
///
/// ```swift
/// extension Counter: RefoldFeature {
///   public static let featureName = "counter"
///   public static let summary = "A counter."
///   public static let exampleActions: [Action] = [.incrementTapped]
///   public static func initialState(in environment: FeatureEnvironment) -> State { State() }
///   public init(environment: FeatureEnvironment) { self.init() }
/// }
///
/// @main struct MyTool {
///   static func main() async { await Refold.main(features: [Counter.self]) }
/// }
/// ```
public protocol RefoldFeature: Reducer, SendableMetatype
where State: Codable & Equatable & Sendable, Action: Codable & Sendable {
  /// The name on the command line and in log headers, in lowerCamelCase.
  static var featureName: String { get }
  /// One line that says what the feature is.
  static var summary: String { get }
  /// Bumped when `State` or `Action` change shape: `refold` records it in the log header. A log
  /// recorded with an older version is upgraded through ``migrations``; one that no chain of
  /// migrations reaches, or of a later version, is refused.
  static var schemaVersion: Int { get }
  /// How a log of each older schema upgrades to the next (`LogMigration`): replay, check,
  /// diff, test-gen, inspect and migrate apply the chain. Default: none.
  static var migrations: [LogMigration] { get }
  /// Actions that `refold features` prints as JSON lines; each runs as printed.
  static var exampleActions: [Action] { get }
  /// The state a hosted store starts from.
  static func initialState(in environment: FeatureEnvironment) -> State
  /// Makes the reducer with the environment's dependencies.
  init(environment: FeatureEnvironment)
  /// Overrides the dependencies (`@Dependency`) of a hosted store from the environment, e.g. a
  /// client that talks to `--base-url`. The default overrides nothing: each dependency has its
  /// live value. A replay never calls it: it runs no effects, and hands back recorded draws.
  ///
  /// ```swift
  /// public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
  ///   dependencies.facts = environment.baseURL.map { FactClient.live(baseURL: $0) } ?? .unavailable
  /// }
  /// ```
  static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment)
  /// The bindings a screen of this feature makes on its store, for `bench --log` to measure
  /// against the states of a recorded log. Return every binding made; their callbacks run on
  /// each change, as a view's would. The default makes none.
  ///
  /// ```swift
  /// @MainActor public static func bindings(of store: Store<State, Action>) -> [StoreBinding] {
  ///   [store.bind(\.count) { _ in }, store.bind(\.fact) { _ in }]
  /// }
  /// ```
  @MainActor static func bindings(of store: Store<State, Action>) -> [StoreBinding]
}

extension RefoldFeature {
  public static var schemaVersion: Int { 1 }
  public static var migrations: [LogMigration] { [] }
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {}
  @MainActor public static func bindings(of store: Store<State, Action>) -> [StoreBinding] { [] }
}
