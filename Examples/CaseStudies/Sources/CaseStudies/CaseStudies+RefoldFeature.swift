public import Host
public import Store

// Each case study on the command line (casestudies-tool), in the studies' own module so that
// the tests `casestudies-tool test-gen` writes see them. Effects run on the environment's
// clock (real time on `run`, the recorded times on replay); this package has no fact server,
// so a fact request ends with the study's "could not load" answer.

extension EffectCancellation: RefoldFeature {
  public static let featureName = "effectCancellation"
  public static let summary = "A fact request the cancel button, or a change of the count, cancels."
  public static let exampleActions: [Action] = [.incrementButtonTapped, .factButtonTapped, .cancelButtonTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }
}

extension Refreshable: RefoldFeature {
  public static let featureName = "refreshable"
  public static let summary = "A refresh the view awaits, which the cancel button ends."
  public static let exampleActions: [Action] = [.incrementButtonTapped, .refresh, .cancelButtonTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }
}

extension Timers: RefoldFeature {
  public static let featureName = "timers"
  public static let summary = "A timer the button starts and stops, ticking every second."
  public static let exampleActions: [Action] = [.toggleTimerButtonTapped, .toggleTimerButtonTapped]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }

  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.continuousClock = environment.clock
  }
}

extension SharedStateTabs: RefoldFeature {
  public static let featureName = "sharedStateTabs"
  public static let summary = "Two tabs sharing one counter's statistics: one changes them, the other resets them."
  public static let exampleActions: [Action] = [.counter(.incrementButtonTapped), .selectTab(.profile), .profile(.resetStatsButtonTapped)]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }
}

extension AlertsAndDialogs: RefoldFeature {
  public static let featureName = "alertsAndDialogs"
  public static let summary = "An alert and a confirmation dialog whose buttons change a count."
  public static let exampleActions: [Action] = [.alertButtonTapped, .alert(.presented(.incrementButtonTapped))]
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public init(environment: FeatureEnvironment) { self.init() }
}
