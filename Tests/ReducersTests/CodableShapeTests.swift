import Foundation
import Testing
@testable import Reducers

/// The JSON shapes that logs, scripts and `refold run` depend on: Swift's synthesized Codable,
/// as a plain `JSONEncoder` writes it. The expected texts are written in declaration order;
/// objects with several keys are compared by content, because Foundation's JSONEncoder on Linux
/// writes keys in hash order (see ``json(_:)``).
struct CodableShapeTests {
  @Test func amountInput() throws {
    #expect(try canonicalJSON(AmountInput.State(text: "1234", output: "1,234₩")) == canonical(#"{"text":"1234","output":"1,234₩"}"#))
    #expect(try json(AmountInput.State()) == #"{"output":""}"#)
    #expect(try json(AmountInput.Action.textChanged("1234")) == #"{"textChanged":{"_0":"1234"}}"#)
    #expect(try json(AmountInput.Action.textChanged(nil)) == #"{"textChanged":{}}"#)
  }

  @Test func signIn() throws {
    #expect(try json(SignIn.Action.signInTapped) == #"{"signInTapped":{}}"#)
    #expect(try json(SignIn.Action.binding(.set(\.username, "son"))) == #"{"binding":{"_0":{"username":"son"}}}"#)
    #expect(
      try canonicalJSON(SignIn.Action.loginResponse(.success(Fixture.session)))
        == canonical(#"{"loginResponse":{"_0":{"success":{"_0":{"token":"jwt-secret","id":7,"email":"son@example.com","username":"son"}}}}}"#)
    )
    #expect(
      try canonicalJSON(SignIn.Action.loginResponse(.failure(LoginError(kind: .rejected, message: "Invalid"))))
        == canonical(#"{"loginResponse":{"_0":{"failure":{"_0":{"kind":"rejected","message":"Invalid"}}}}}"#)
    )
    #expect(
      try canonicalJSON(SignIn.State(username: "son", password: "pw", isLoading: true))
        == canonical(#"{"username":"son","password":"pw","isLoading":true,"session":{"shared":"inMemory:session","value":null}}"#)
    )
  }

  @Test func musicSearch() throws {
    #expect(try json(MusicSearch.Action.queryChanged("new jeans")) == #"{"queryChanged":{"_0":"new jeans"}}"#)
    #expect(
      try json(MusicSearch.Action.searchResponse(.failure(.network)))
        == #"{"searchResponse":{"_0":{"failure":{"_0":"network"}}}}"#
    )
    #expect(
      try canonicalJSON(MusicSearch.State(query: "iu", error: .parse))
        == canonical(#"{"query":"iu","results":[],"isSearching":false,"error":"parse"}"#)
    )
  }

  @Test func userList() throws {
    #expect(try json(UserList.Action.onAppear) == #"{"onAppear":{}}"#)
    #expect(
      try canonicalJSON(UserList.State(users: [UserRow(id: 1, name: "Leanne Graham")]))
        == canonical(
          #"{"users":[{"id":1,"name":"Leanne Graham"}],"isLoading":false,"path":{"nextID":0,"elements":[]},"#
            + #""session":{"shared":"inMemory:session","value":null}}"#))
    #expect(try json(UserList.Action.userTapped(id: 1)) == #"{"userTapped":{"id":1}}"#)
    #expect(
      try canonicalJSON(UserList.Action.path(.element(id: 0, action: .greetTapped)))
        == canonical(#"{"path":{"_0":{"element":{"id":0,"action":{"greetTapped":{}}}}}}"#))
  }

  @Test func following() throws {
    #expect(try json(Following.Action.followTapped(id: 1)) == #"{"followTapped":{"id":1}}"#)
    let since = Date(timeIntervalSinceReferenceDate: 785_000_000)
    let state = Following.State(people: [
      PersonRow(id: 1, name: "Kim Minji", username: "minji", isFollowing: true, followingSince: since),
      PersonRow(id: 2, name: "Hanni Pham", username: "hanni"),
    ])
    #expect(
      try canonicalJSON(state)
        == canonical(
          #"{"people":[{"id":1,"name":"Kim Minji","username":"minji","isFollowing":true,"followingSince":785000000},{"id":2,"name":"Hanni Pham","username":"hanni","isFollowing":false}]}"#
        ))
  }

  @Test func greeting() throws {
    #expect(try json(Greeting.Action.showGreetingTapped) == #"{"showGreetingTapped":{}}"#)
    #expect(try canonicalJSON(Greeting.State()) == canonical(#"{"person":{"firstName":"David","lastName":"Blaine"}}"#))
  }

  @Test func playerCard() throws {
    #expect(try json(PlayerCard.Action.tick(PlayerCard.defaultNow)) == #"{"tick":{"_0":757350000}}"#)
    #expect(
      try canonicalJSON(PlayerCard.State())
        == canonical(#"{"player":{"name":"Son","birthday":-267786000,"position":"striker"},"now":757350000}"#)
    )
  }

  @Test func appFeature() throws {
    #expect(
      try json(AppFeature.Action.amountInput(.textChanged("1234")))
        == #"{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}"#
    )
    #expect(try json(AppFeature.Action.following(.followTapped(id: 3))) == #"{"following":{"_0":{"followTapped":{"id":3}}}}"#)
    #expect(try json(AppFeature.Action.signInButtonTapped) == #"{"signInButtonTapped":{}}"#)
    #expect(
      try json(AppFeature.Action.signIn(.presented(.signInTapped)))
        == #"{"signIn":{"_0":{"presented":{"_0":{"signInTapped":{}}}}}}"#)
    #expect(try json(AppFeature.Action.alert(.presented(.confirmLogout))) == #"{"alert":{"_0":{"presented":{"_0":{"confirmLogout":{}}}}}}"#)
    let state = try canonicalJSON(AppFeature.State())
    let expected = try canonical(
      #"{"amountInput":{"output":""},"session":{"shared":"inMemory:session","value":null},"#
        + #""musicSearch":{"query":"","results":[],"isSearching":false},"#
        + #""userList":{"users":[],"isLoading":false,"path":{"nextID":0,"elements":[]},"session":{"shared":"inMemory:session","value":null}},"#
        + #""following":\#(try json(Following.State())),"greeting":{"person":{"firstName":"David","lastName":"Blaine"}},"#
        + #""playerCard":{"player":{"name":"Son","birthday":-267786000,"position":"striker"},"now":757350000}}"#
    )
    #expect(state == expected)
  }

  /// The lines `refold features` prints must decode and encode back to themselves.
  @Test(arguments: ExampleLines.all)
  func exampleLinesRoundTrip(feature: String, line: String) throws {
    let reencoded: String
    switch feature {
    case "amountInput": reencoded = try json(decode(AmountInput.Action.self, line))
    case "signIn": reencoded = try json(decode(SignIn.Action.self, line))
    case "musicSearch": reencoded = try json(decode(MusicSearch.Action.self, line))
    case "userList": reencoded = try json(decode(UserList.Action.self, line))
    case "following": reencoded = try json(decode(Following.Action.self, line))
    case "greeting": reencoded = try json(decode(Greeting.Action.self, line))
    case "playerCard": reencoded = try json(decode(PlayerCard.Action.self, line))
    case "app": reencoded = try json(decode(AppFeature.Action.self, line))
    default: Issue.record("unknown feature \(feature)"); return
    }
    #expect(try canonical(reencoded) == canonical(line))
  }

  @Test(arguments: [
    #"{"loginResponse":{"_0":{}}}"#,
    #"{"loginResponse":{"_0":{"success":{"_0":{"token":"t","id":1,"email":"e","username":"u"}},"failure":{"_0":{"kind":"parse","message":"m"}}}}}"#,
    #"{"loginResponse":{"_0":{"sucess":{"_0":{}}}}}"#,
  ])
  func aResultWithoutExactlyOneKnownKeyDoesNotDecode(line: String) {
    #expect(throws: DecodingError.self) { try decode(SignIn.Action.self, line) }
  }

  @Test func resultRoundTrips() throws {
    let values: [Result<[Track], SearchError>] = [.success([Fixture.hypeBoy, Fixture.goodDay]), .success([]), .failure(.data)]
    for value in values {
      let data = try JSONEncoder().encode(value)
      let decoded = try JSONDecoder().decode(Result<[Track], SearchError>.self, from: data)
      #expect(decoded == value)
    }
  }
}

/// Example action lines per feature: what `refold features` can print, and each runs as printed
/// against the loopback demo backend.
enum ExampleLines {
  static let all: [(feature: String, line: String)] = [
    ("amountInput", #"{"textChanged":{"_0":"1234"}}"#),
    ("amountInput", #"{"textChanged":{"_0":"12a"}}"#),
    ("amountInput", #"{"textChanged":{"_0":"5000000"}}"#),
    ("signIn", #"{"binding":{"_0":{"username":"son@example.com"}}}"#),
    ("signIn", #"{"binding":{"_0":{"password":"password123"}}}"#),
    ("signIn", #"{"signInTapped":{}}"#),
    ("musicSearch", #"{"queryChanged":{"_0":"new jeans"}}"#),
    ("musicSearch", #"{"queryChanged":{"_0":"아이유"}}"#),
    ("musicSearch", #"{"queryChanged":{"_0":""}}"#),
    ("userList", #"{"onAppear":{}}"#),
    ("userList", #"{"refreshTapped":{}}"#),
    ("following", #"{"followTapped":{"id":1}}"#),
    ("following", #"{"followTapped":{"id":3}}"#),
    ("greeting", #"{"showGreetingTapped":{}}"#),
    ("playerCard", #"{"tick":{"_0":773593200}}"#),
    ("playerCard", #"{"tick":{"_0":757350000}}"#),
    ("app", #"{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}"#),
    ("app", #"{"following":{"_0":{"followTapped":{"id":1}}}}"#),
    ("app", #"{"greeting":{"_0":{"showGreetingTapped":{}}}}"#),
  ]
}
