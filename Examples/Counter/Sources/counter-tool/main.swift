import CounterFeature
import Foundation
import Host

// The README's embedding example, built by CI: the command line for this package's own
// feature, so that `counter-tool replay counter.log` replays with the Counter reducer. It hosts
// only `counter` and says `counter-tool` in its help and errors; `--base-url` reaches the
// feature's own FactClient through the environment.
//
//   swift run counter-tool features
//   echo '"incrementTapped"' | swift run counter-tool run counter --record counter.log
//   swift run counter-tool replay counter.log

/// How a hosted Counter gets its FactClient: from `--base-url` when running, never in replay.
enum FactClientKey: FeatureEnvironmentKey {
  static func liveValue(_ environment: FeatureEnvironment) -> FactClient {
    environment.baseURL.map { FactClient.live(baseURL: $0) } ?? .unavailable
  }
  static var replayValue: FactClient {
    FactClient { _ in throw FactError(reason: "a replay never runs effects") }
  }
}

extension FeatureEnvironment {
  var facts: FactClient {
    get { self[FactClientKey.self] }
    set { self[FactClientKey.self] = newValue }
  }
}

extension Counter: RefoldFeature {
  public static let featureName = "counter"
  public static let summary = "A counter with a delayed, cancellable increment and a fact about its count."
  public static let exampleActions: [Action] = [.incrementTapped, .delayedIncrementTapped, .cancelTapped, .factTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init(clock: environment.clock, facts: environment.facts) }
}

await Refold.main(HostConfiguration(features: [Counter.self]))
