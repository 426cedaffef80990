import CounterFeature
import Host

// The README's embedding example, built by CI: the `refold` command line for this package's
// own feature, so that `counter-tool replay counter.log` replays with the Counter reducer.
//
//   swift run counter-tool features
//   echo '"incrementTapped"' | swift run counter-tool run counter --record counter.log
//   swift run counter-tool replay counter.log

extension Counter: RefoldFeature {
  public static let featureName = "counter"
  public static let summary = "A counter with a delayed, cancellable increment."
  public static let exampleActions: [Action] = [.incrementTapped, .delayedIncrementTapped, .cancelTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init(clock: environment.clock) }
}

await Refold.main(features: [Counter.self])
