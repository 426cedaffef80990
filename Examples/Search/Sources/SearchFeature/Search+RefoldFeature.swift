public import Foundation
public import Host
public import Store

/// The search on the command line (search-tool), in the feature's own module so that the tests
/// `search-tool test-gen` writes see it. `--base-url` names the book server.
extension Search: RefoldFeature {
  public static let featureName = "search"
  public static let summary = "A book search: a debounced, cancellable request per query, and a book's summary."

  public static let exampleActions: [Action] = [
    .binding(.set(\.query, "dune")),
    .bookTapped(1),
  ]

  public static func initialState(in environment: FeatureEnvironment) -> State { State() }

  public init(environment: FeatureEnvironment) { self.init() }

  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.continuousClock = environment.clock
    dependencies.books = environment.baseURL.map { BookClient.live(baseURL: $0) } ?? .unavailable
  }
}
