import EventLog
@testable import JSONCodec
import Store
import Testing

@testable import Host

/// The inspector's pure parts: case paths of logged actions, and the paths that changed.
struct DevtoolsPartsTests {
  private func parse(_ json: String) throws -> JSONValue {
    try Array(json.utf8).withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }
  }

  @Test func aCasePathGoesDownThroughChildActionsAndStopsAtPayloads() throws {
    #expect(ActionCasePath.of(#"{"increment":{}}"#) == "increment")
    #expect(ActionCasePath.of(#"{"search":{"_0":"iu"}}"#) == "search")
    #expect(ActionCasePath.of(#"{"amountInput":{"_0":{"textChanged":{"_0":"12a"}}}}"#) == "amountInput.textChanged")
    #expect(
      ActionCasePath.of(#"{"todos":{"_0":{"element":{"id":3,"action":{"toggle":{}}}}}}"#)
        == "todos.element.toggle", "an element's action, as `refold features` draws the tree")
    #expect(
      ActionCasePath.of(#"{"response":{"query":"iu","results":[{"a":1}]}}"#) == "response",
      "any other labelled payload is where the path stops")
    #expect(ActionCasePath.of(#""onAppear""#) == "onAppear")
    #expect(ActionCasePath.of(#"[1,2]"#) == "?")
  }

  @Test func aFingerprintDependsOnTheCasePathAloneNotOnThePayload() {
    func fingerprint(_ json: String) -> UInt64 { Array(json.utf8).withUnsafeBytes { ActionCasePath.fingerprint($0) } }
    let typed = fingerprint(#"{"amountInput":{"_0":{"textChanged":{"_0":"12a"}}}}"#)
    #expect(typed == fingerprint(#"{"amountInput":{"_0":{"textChanged":{"_0":"999"}}}}"#))
    #expect(typed != fingerprint(#"{"amountInput":{"_0":{"textCleared":{}}}}"#))
    #expect(typed != fingerprint(#"{"amountInput":{"_0":"textChanged"}}"#), "a path's names, not their text run together")
    #expect(fingerprint(#"{"a":{"_0":{"bc":{}}}}"#) != fingerprint(#"{"ab":{"_0":{"c":{}}}}"#))
  }

  @Test func aCaseFilterMatchesWholeNamesAndWhatLiesBelowThem() {
    #expect(ActionCasePath.matches("search", filter: "search"))
    #expect(ActionCasePath.matches("search.response", filter: "search"))
    #expect(!ActionCasePath.matches("searchText", filter: "search"))
    #expect(!ActionCasePath.matches("search", filter: "search.response"))
  }

  @Test func changedPathsNameEveryLeafThatDiffersAndEveryMemberAddedOrRemoved() throws {
    let before = try parse(#"{"a":1,"b":{"c":[1,2,3],"d":"x"},"gone":true}"#)
    let after = try parse(#"{"a":1,"b":{"c":[1,5],"d":"x"},"new":null}"#)
    #expect(
      ChangedPaths.between(before, after) == [
        [.string("b"), .string("c"), .int(1)],
        [.string("b"), .string("c"), .int(2)],
        [.string("new")],
        [.string("gone")],
      ])
    #expect(ChangedPaths.between(before, before).isEmpty)
    #expect(ChangedPaths.between(try parse("1"), try parse(#""1""#)) == [[]], "the whole value changed")
  }
}
