import Foundation
public import Reducers

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
  ]
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
    .signIn(.binding(.set(\.username, "son@example.com"))),
    .musicSearch(.queryChanged("좋은 날")),
    .userList(.onAppear),
    .following(.followTapped(id: Following.State().people.first?.id ?? 1)),
    .greeting(.showGreetingTapped),
    .playerCard(.tick(Date(timeIntervalSince1970: 1_783_468_800))),
  ]
}
