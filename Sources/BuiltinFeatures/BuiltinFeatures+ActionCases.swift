import Foundation
public import Host
public import Reducers
public import Store

// One action of each case of the built-in features. A test checks that each list covers every
// case (by the runtime's case count), so a new case cannot be left out unnoticed.

extension AmountInput.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [.textChanged("1234")]
}

extension SignIn.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [
    .binding(.set(\.username, "son@example.com")),
    .signInTapped,
    .loginResponse(.failure(LoginError(kind: .rejected, message: "Invalid identifier or password"))),
    .signOutTapped,
  ]
}

extension MusicSearch.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [.queryChanged("new jeans"), .searchResponse(.failure(.network))]
}

extension UserList.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [
    .onAppear, .refreshTapped, .usersResponse(.success([User(id: 1, name: "Son Heung-min", username: "son", email: "son@example.com")])),
    .userTapped(id: 1), .path(.element(id: StackElementID(0), action: .greetTapped)),
  ]
}

extension UserDetail.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [.greetTapped, .closeTapped]
}

/// The user list's stack: a screen's action (with the screen's own cases under it), a pop and
/// a push.
extension StackAction: ActionCaseExamples where State == UserDetail.State, Action == UserDetail.Action {
  public static var caseExamples: [Self] {
    [
      .element(id: StackElementID(0), action: .greetTapped),
      .popFrom(id: StackElementID(0)),
      .push(id: StackElementID(0), state: UserDetail.State(user: UserRow(id: 1, name: "Son Heung-min"))),
    ]
  }
}

/// A sheet's or an alert's actions: the presented child's (its cases under it), and the
/// dismissal.
extension PresentationAction: ActionCaseExamples where Action: ActionCaseExamples {
  public static var caseExamples: [Self] {
    Action.caseExamples.first.map { [.presented($0), .dismiss] } ?? [.dismiss]
  }
}

extension AppFeature.Action.Alert: ActionCaseExamples {
  public static let caseExamples: [Self] = [.confirmLogout]
}

extension Following.Action: ActionCaseExamples {
  public static var caseExamples: [Self] { [.followTapped(id: Following.State().people.first?.id ?? 1)] }
}

extension Greeting.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [.showGreetingTapped]
}

extension PlayerCard.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = PlayerCard.exampleActions
}

extension AppFeature.Action: ActionCaseExamples {
  public static let caseExamples: [Self] = [
    .amountInput(.textChanged("1234")),
    .signInButtonTapped,
    .signIn(.presented(.binding(.set(\.username, "son@example.com")))),
    .musicSearch(.queryChanged("좋은 날")),
    .userList(.onAppear),
    .following(.followTapped(id: Following.State().people.first?.id ?? 1)),
    .greeting(.showGreetingTapped),
    .playerCard(.tick(Date(timeIntervalSince1970: 1_783_468_800))),
    .logoutTapped,
    .alert(.presented(.confirmLogout)),
  ]
}
