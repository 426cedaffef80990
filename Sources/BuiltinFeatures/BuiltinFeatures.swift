import Foundation
public import Host
public import Reducers
public import Store

// The sample app's features (Reducers) as the `refold` executable hosts them: their names, the
// actions `features` lists, and the clients `--base-url` reaches. Host knows nothing of them;
// `refold` hands them over (`HostConfiguration(features: Refold.builtinFeatures)`), as a tool
// that embeds the command line hands over its own.

extension Refold {
  /// The seed view models, in the order `refold features` lists them.
  public static var builtinFeatures: [any RefoldFeature.Type] {
    [
      AmountInput.self, SignIn.self, MusicSearch.self, UserList.self, Following.self,
      Greeting.self, PlayerCard.self, AppFeature.self,
    ]
  }
}

extension AmountInput: RefoldFeature {
  public static let featureName = "amountInput"
  public static let summary = "Validates a typed amount and formats it in won."
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [.textChanged("12a"), .textChanged("5000000"), .textChanged("1234")]
  public init(environment: FeatureEnvironment) { self.init() }
  /// The screen's two: the field's text and the line under it (`bench --log` measures them).
  @MainActor public static func bindings(of store: Store<State, Action>) -> [StoreBinding] {
    [store.bind(\.text) { _ in }, store.bind(\.output) { _ in }]
  }
}

extension SignIn: RefoldFeature {
  public static let featureName = "signIn"
  public static let summary = "A sign-in form that logs in over HTTP and keeps the session."
  /// 2: the fields are set by one binding action (`{"binding":{"_0":{"username":…}}}`).
  public static let schemaVersion = 2
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [
    .binding(.set(\.username, "son@example.com")), .binding(.set(\.password, "password123")), .signInTapped,
  ]
  public init(environment: FeatureEnvironment) { self.init() }
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.useSeedClients(of: environment)
  }
}

extension MusicSearch: RefoldFeature {
  public static let featureName = "musicSearch"
  public static let summary = "Searches music as the user types, debounced by 300 ms."
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [.queryChanged("new"), .queryChanged("new jeans")]
  public init(environment: FeatureEnvironment) { self.init() }
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.useSeedClients(of: environment)
  }
}

extension UserList: RefoldFeature {
  public static let featureName = "userList"
  public static let summary = "Fetches the user list from a JSON endpoint."
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [.onAppear]
  public init(environment: FeatureEnvironment) { self.init() }
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.useSeedClients(of: environment)
  }
}

extension Following: RefoldFeature {
  public static let featureName = "following"
  public static let summary = "A follow/unfollow list."
  /// 2: a followed row notes since when (`followingSince`), a date the log records.
  public static let schemaVersion = 2
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static var exampleActions: [Action] {
    let id = Following.State().people.first?.id ?? 1
    return [.followTapped(id: id), .followTapped(id: id)]
  }
  public init(environment: FeatureEnvironment) { self.init() }
}

extension Greeting: RefoldFeature {
  public static let featureName = "greeting"
  public static let summary = "A greeting view model behind a protocol."
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [.showGreetingTapped]
  public init(environment: FeatureEnvironment) { self.init() }
}

extension PlayerCard: RefoldFeature {
  public static let featureName = "playerCard"
  public static let summary = "A player card with derived name, age and weekly pay texts."
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  /// 2026-07-08 00:00 UTC: Son Heung-min's 34th birthday.
  public static let exampleActions: [Action] = [.tick(Date(timeIntervalSince1970: 1_783_468_800))]
  public init(environment: FeatureEnvironment) { self.init() }
}

extension AppFeature: RefoldFeature {
  public static let featureName = "app"
  public static let summary = "Every feature above, composed with Scope: sign-in in a sheet, an alert before logout, a drill-down into users, a shared session."
  /// 2: the follow list notes since when (`followingSince`); 3: the sign-in form's fields are
  /// set by one binding action.
  public static let schemaVersion = 3
  public static func initialState(in environment: FeatureEnvironment) -> State { State() }
  public static let exampleActions: [Action] = [
    .amountInput(.textChanged("1234")), .greeting(.showGreetingTapped), .musicSearch(.queryChanged("좋은 날")),
  ]
  public init(environment: FeatureEnvironment) { self.init() }
  public static func prepareDependencies(_ dependencies: inout DependencyValues, in environment: FeatureEnvironment) {
    dependencies.useSeedClients(of: environment)
  }
}
