import Foundation
import Testing

/// A wrong action line is refused in one line that names where it went wrong: the line, the
/// path from the root to the wrong key or value, and what belongs there.
@Suite(.serialized)
struct ActionLineErrorTests {
  private func refusal(_ feature: String, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    let output = try await RefoldProcess.run(["run", feature], stdin: lines.joined(separator: "\n") + "\n")
    #expect(output.status == 2, "exit status; stderr: \(output.stderr)", sourceLocation: sourceLocation)
    #expect(output.stderrLines.count == 1, "one line: \(output.stderr)", sourceLocation: sourceLocation)
    return output.stderr.trimmingCharacters(in: .newlines)
  }

  @Test func aNestedMisspellingNamesTheInnerPathAndTheCaseItMeant() async throws {
    let message = try await refusal("app", [
      #"{"amountInput":{"_0":{"textChanged":{"_0":"1"}}}}"#,
      #"{"greeting":{"_0":{"showGreetingTapped":{}}}}"#,
      #"{"amountInput":{"_0":{"textChange":{"_0":"12"}}}}"#,
    ])
    #expect(
      message
        == "refold: stdin:3: amountInput._0: 'textChange' is not an action of AmountInput.Action; did you mean 'textChanged'?; the run stopped there after 2 actions")
  }

  @Test func aMisspeltCaseTwoLevelsDownIsNotBlamedOnTheRoot() async throws {
    let message = try await refusal("app", [#"{"signIn":{"_0":{"presented":{"_0":{"sigInTapped":{}}}}}}"#])
    #expect(
      message.hasSuffix("stdin:1: signIn._0.presented._0: 'sigInTapped' is not an action of SignIn.Action; did you mean 'signInTapped'?"),
      "\(message)")
    #expect(!message.contains("AppFeature"), "\(message)")
  }

  @Test func aWrongCaseWithNothingCloseListsTheCases() async throws {
    let message = try await refusal("musicSearch", [#"{"play":{}}"#])
    #expect(message.hasSuffix("stdin:1: 'play' is not an action of MusicSearch.Action; its cases: queryChanged, searchResponse"), "\(message)")
  }

  @Test func aWrongPayloadTypeNamesItsPathAndTheExpectedType() async throws {
    let message = try await refusal("app", [#"{"signIn":{"_0":{"presented":{"_0":{"binding":{"_0":{"username":5}}}}}}}"#])
    #expect(message.hasSuffix("stdin:1: signIn._0.presented._0.binding._0.username: expected a string, found a number"), "\(message)")
  }

  /// A sheet's and a stack's action lines are typed like any other, and a misspelling inside
  /// them is blamed on the right level.
  @Test func aMisspeltSheetOrStackActionNamesItsLevel() async throws {
    let sheet = try await refusal("app", [#"{"signIn":{"_0":{"presnted":{"_0":{"signInTapped":{}}}}}}"#])
    #expect(
      sheet.hasSuffix("stdin:1: signIn._0: 'presnted' is not an action of PresentationAction<SignIn.Action>; did you mean 'presented'?"),
      "\(sheet)")
    let screen = try await refusal("userList", [#"{"path":{"_0":{"element":{"id":0,"action":{"greetTaped":{}}}}}}"#])
    #expect(
      screen.hasSuffix("stdin:1: path._0.element.action: 'greetTaped' is not an action of UserDetail.Action; did you mean 'greetTapped'?"),
      "\(screen)")
    let stack = try await refusal("userList", [#"{"path":{"_0":{"popfrom":{"id":0}}}}"#])
    #expect(stack.contains("'popfrom' is not an action of StackAction<UserDetail.State, UserDetail.Action>"), "\(stack)")
  }

  @Test func aMissingPayloadNamesItsPathAndTheExpectedType() async throws {
    let value = try await refusal("app", [#"{"musicSearch":{"_0":{"queryChanged":{}}}}"#])
    #expect(value.hasSuffix("stdin:1: musicSearch._0.queryChanged._0: missing; expected a string"), "\(value)")

    let child = try await refusal("app", [#"{"amountInput":{}}"#])
    #expect(
      child.hasSuffix(#"stdin:1: amountInput._0: missing; expected an action of AmountInput.Action, e.g. {"textChanged":{"_0":"1234"}}"#),
      "\(child)")
  }

  @Test func aPayloadThatIsNotAnObjectShowsTheShapeOfTheCase() async throws {
    let message = try await refusal("amountInput", [#"{"textChanged":"1234"}"#])
    #expect(message.hasSuffix(#"stdin:1: textChanged: expected an object like {"_0":"1234"}, found a string"#), "\(message)")
  }

  @Test func aLineNamingSeveralUnknownKeysIsRefusedWithTheCases() async throws {
    let message = try await refusal("greeting", [#"{"show":{},"hide":{}}"#])
    #expect(
      message.hasSuffix("stdin:1: names 'show', 'hide'; an action of Greeting.Action names exactly one case; its cases: showGreetingTapped"),
      "\(message)")
  }
}
