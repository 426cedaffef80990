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
        == "refold: stdin:3: amountInput._0: 'textChange' is not an action of AmountInput.Action; did you mean 'textChanged'?")
  }

  @Test func aMisspeltCaseTwoLevelsDownIsNotBlamedOnTheRoot() async throws {
    let message = try await refusal("app", [#"{"signIn":{"_0":{"sigInTapped":{}}}}"#])
    #expect(message.hasSuffix("stdin:1: signIn._0: 'sigInTapped' is not an action of SignIn.Action; did you mean 'signInTapped'?"), "\(message)")
    #expect(!message.contains("AppFeature"), "\(message)")
  }

  @Test func aWrongCaseWithNothingCloseListsTheCases() async throws {
    let message = try await refusal("musicSearch", [#"{"play":{}}"#])
    #expect(message.hasSuffix("stdin:1: 'play' is not an action of MusicSearch.Action; its cases: queryChanged, searchResponse"), "\(message)")
  }

  @Test func aWrongPayloadTypeNamesItsPathAndTheExpectedType() async throws {
    let message = try await refusal("app", [#"{"signIn":{"_0":{"binding":{"_0":{"username":5}}}}}"#])
    #expect(message.hasSuffix("stdin:1: signIn._0.binding._0.username: expected a string, found a number"), "\(message)")
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
