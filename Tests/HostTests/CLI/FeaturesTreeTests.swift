import BuiltinFeatures
import Foundation
@testable import Host
@testable import JSONCodec
import Reducers
import Store
import Testing

/// `refold features` shows every action case of every built-in feature as a tree, each case
/// with a line that runs as printed.
@Suite(.serialized)
struct FeaturesTreeTests {
  /// Each built-in feature's case names, as the tree shows them (`app` nests its children's).
  private static let expectedCases: [String: [String]] = [
    "amountInput": ["textChanged"],
    "signIn": ["binding", "signInTapped", "loginResponse", "signOutTapped"],
    "musicSearch": ["queryChanged", "searchResponse"],
    "userList": ["onAppear", "refreshTapped", "usersResponse", "userTapped", "path"],
    "following": ["followTapped"],
    "greeting": ["showGreetingTapped"],
    "playerCard": ["tick"],
  ]

  /// Under each of the app's cases, every row below it: a child feature's cases, and a
  /// sheet's, an alert's and a stack's with their children's under them.
  private static let expectedAppCases: [String: [String]] = [
    "amountInput": ["textChanged"],
    "signIn": ["presented", "binding", "signInTapped", "loginResponse", "signOutTapped", "dismiss"],
    "musicSearch": ["queryChanged", "searchResponse"],
    "userList": [
      "onAppear", "refreshTapped", "usersResponse", "userTapped", "path", "element", "greetTapped", "closeTapped",
      "popFrom", "push",
    ],
    "following": ["followTapped"],
    "greeting": ["showGreetingTapped"],
    "playerCard": ["tick"],
    "alert": ["presented", "confirmLogout", "dismiss"],
  ]

  @Test func theTreeListsEachBuiltinFeaturesCasesWithLinesThatRunAsPrinted() async throws {
    let output = try await RefoldProcess.run(["features"])
    #expect(output.status == 0, "\(output.stderr)")
    // Blocks of "name — summary" then indented rows; a row with a line ends in its JSON.
    let blocks = output.stdout.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    var seen: [String: [String]] = [:]
    for block in blocks {
      let lines = block.split(separator: "\n").map(String.init)
      let feature = try #require(lines.first?.components(separatedBy: " — ").first)
      var rows: [(depth: Int, name: String, line: String?)] = []
      for row in lines.dropFirst() {
        let depth = row.prefix { $0 == " " }.count / 2
        let name = String(row.drop { $0 == " " }.prefix { $0 != " " })
        rows.append((depth, name, row.firstIndex(of: "{").map { String(row[$0...]) }))
      }
      seen[feature] = rows.filter { $0.depth == 1 }.map(\.name)
      if feature == "app" {
        // Under each child feature, that feature's own cases.
        var current = ""
        var nested: [String: [String]] = [:]
        for row in rows {
          if row.depth == 1 { current = row.name } else { nested[current, default: []].append(row.name) }
        }
        #expect(nested == Self.expectedAppCases, "\(block)")
      }
      let runnable = rows.compactMap(\.line)
      #expect(runnable.count == rows.filter { $0.line != nil }.count)
      #expect(!runnable.isEmpty, "\(feature) shows no action line")
      let run = try await RefoldProcess.run(["run", feature], stdin: runnable.joined(separator: "\n") + "\n")
      #expect(run.status == 0, "\(feature): \(run.stderr)")
    }
    var expected = Self.expectedCases
    expected["app"] = [
      "amountInput", "signInButtonTapped", "signIn", "musicSearch", "userList", "following", "greeting", "playerCard",
      "logoutTapped", "alert",
    ]
    #expect(seen == expected)
  }

  @Test func theJSONCarriesTheCaseTreeToo() async throws {
    let output = try await RefoldProcess.run(["features", "--json"])
    #expect(output.status == 0, "\(output.stderr)")
    final class Case: Decodable { var name: String; var example: String; var cases: [Case]? }
    struct Row: Decodable { var name: String; var cases: [Case]? }
    let rows = try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8))
    for row in rows where row.name != "app" {
      #expect(row.cases?.map(\.name) == Self.expectedCases[row.name], "\(row.name)")
    }
    let app = try #require(rows.first { $0.name == "app" }?.cases)
    #expect(app.first?.cases?.first?.example == #"{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}"#)
    // Each case's own example runs too, the composed ones included.
    for row in rows {
      let examples = (row.cases ?? []).flatMap { [$0.example] + ($0.cases ?? []).map(\.example) }
      let run = try await RefoldProcess.run(["run", row.name], stdin: examples.joined(separator: "\n") + "\n")
      #expect(run.status == 0, "\(row.name): \(run.stderr)")
    }
  }

  /// The lists are hand-written: each must hold one action of every case the compiler knows.
  @Test(arguments: Refold.builtinFeatures.map { $0.featureName })
  func eachBuiltinListsEveryCaseOnce(_ name: String) throws {
    let feature = try #require(Refold.builtinFeatures.first { $0.featureName == name })
    let (tags, count) = Self.tags(feature)
    #expect(Set(tags).count == tags.count, "\(name) lists a case twice")
    #expect(tags.count == count, "\(name) lists \(tags.count) of its \(count ?? 0) cases")
  }

  private static func tags<F: RefoldFeature>(_ feature: F.Type) -> (tags: [UInt32], count: Int?) {
    let examples = (F.Action.self as? any ActionCaseExamples.Type).map { listed in
      listed.caseExamples.compactMap { $0 as? F.Action }
    } ?? []
    return (examples.compactMap { EnumTag.of($0) }, EnumTag.caseCount(of: F.Action.self))
  }

  @Test func anActionThatListsNothingStillNamesThePathAndTheWrongKey() throws {
    enum Plain: Codable { case ping, pong(String) }
    let line = try JSONValueFromText(#"{"pnig":{}}"#)
    do {
      _ = try LogJSONDecoder().decodeKeepingDecodingErrors(Plain.self, from: line)
      Issue.record("decoded a misspelt case")
    } catch {
      let message = ActionLineProblem.describe(error, in: line, root: Plain.self)
      #expect(message.hasPrefix("'pnig' is not an action of "), "\(message)")
      #expect(!message.contains("did you mean"), "\(message)")
    }
  }

  @Test func closeNamesAreSuggestedAndFarOnesAreNot() {
    #expect(ClosestNames.to("textChange", among: ["textChanged", "queryChanged"]) == ["textChanged"])
    #expect(ClosestNames.to("singInTapped", among: ["signInTapped", "signOutTapped"]) == ["signInTapped"])
    #expect(ClosestNames.to("todos", among: ["amountInput", "signIn", "greeting"]).isEmpty)
  }
}

private func JSONValueFromText(_ text: String) throws -> JSONValue {
  try Array(text.utf8).withUnsafeBytes { try LogJSONDecoder(backend: .swift).parseJSONLine($0) }
}
