public import Foundation
public import Host
public import Store

/// The app on the command line (standups-tool), in the feature's own module so that the tests
/// `standups-tool test-gen` writes see it.
///
/// The list is read from and written to `standups.json` in ``StandupsFile/folder``: set
/// `STANDUPS_FOLDER` to keep a run's file away from the app's own.
extension StandupsApp: RefoldFeature {
  public static let featureName = "standups"
  public static let summary =
    "Standups: a list kept in a file, a detail on a stack, a form in a sheet, alerts, a meeting on a timer."

  /// A standup added through the form; with `standups-tool run --uuids incrementing` it gets
  /// the id `00000000-0000-0000-0000-000000000000`, and its first attendee row `…0001`.
  public static let exampleActions: [Action] = [
    .list(.addButtonTapped),
    .list(.addStandup(.presented(.binding(.set(\.title, "Design"))))),
    .list(.confirmAddButtonTapped),
  ]

  public static func initialState(in environment: FeatureEnvironment) -> State { State() }

  public init(environment: FeatureEnvironment) { self.init() }

  /// The meeting's timer ticks on the environment's clock (real time on `run`, the recorded
  /// times on replay). This package has no speech recognizer: a meeting hears nothing.
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.continuousClock = environment.clock
    dependencies.speech = .liveValue
  }
}
