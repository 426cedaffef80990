import CounterFeature
import Foundation
import Host
import Store

// The embedding example of the Host article "Embedding the command line", built by CI: the command line for this package's own
// feature, so that `counter-tool replay counter.log` replays with the Counter reducer. It hosts
// only `counter` and says `counter-tool` in its help and errors; `--base-url` reaches the
// feature's own FactClient, a dependency, through `prepareDependencies`.
//
//   swift run counter-tool features
//   echo '"incrementTapped"' | swift run counter-tool run counter --record counter.log
//   swift run counter-tool replay counter.log
//   swift run -c release counter-tool bench --log counter.log

extension Counter: RefoldFeature {
  public static let featureName = "counter"
  public static let summary = "A counter with a delayed, cancellable increment and a fact about its count."
  public static let exampleActions: [Action] = [.incrementTapped, .delayedIncrementTapped, .cancelTapped, .factTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }

  /// The hosted Counter's FactClient (`@Dependency(\.facts)`) asks `--base-url`, when given.
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.continuousClock = environment.clock
    dependencies.facts = environment.baseURL.map { FactClient.live(baseURL: $0) } ?? .unavailable
  }

  /// The counter screen's bindings, for `counter-tool bench --log` to measure on a log's states.
  @MainActor public static func bindings(of store: Store<State, Action>) -> [StoreBinding] {
    [store.bind(\.count) { _ in }, store.bind(\.fact) { _ in }]
  }
}

await Refold.main(HostConfiguration(features: [Counter.self]))
