import ArgumentParser
import Foundation
import Store

struct FeaturesCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "features",
      abstract: "List the hosted features, each with its action cases and example action lines.",
      discussion: """
        Each feature's actions are listed as a tree of cases, each with an action line that
        runs as printed (a composed feature shows its children's cases under each child).
        A feature whose actions do not list their cases (ActionCaseExamples) shows its
        example action lines instead.

        Examples:
          \(Help.name) features
          \(Help.name) features --json
          echo '{"textChanged":{"_0":"1234"}}' | refold run amountInput --actions -
        """
    )
  }

  @Flag(name: .long, help: "Print a JSON array of {name, summary, schema, examples, cases}.")
  var json = false

  func run() async throws {
    let features = FeatureRegistry.current.features
    if json {
      var rows: [String] = []
      for feature in features { rows.append(try Self.jsonRow(feature)) }
      Terminal.outJSON("[" + rows.joined(separator: ",") + "]")
      return
    }
    for feature in features {
      Terminal.out("\(feature.featureName) — \(feature.summary)")
      if let catalog = Self.catalog(feature) {
        for line in Self.treeLines(catalog.rows) { Terminal.out(line) }
      } else {
        for line in try Self.exampleLines(feature) { Terminal.out("  \(line)") }
      }
      Terminal.out("")
    }
  }

  /// The cases as an indented tree, each leaf's action line in one column:
  ///
  /// ```
  ///   amountInput
  ///     textChanged  {"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}
  /// ```
  static func treeLines(_ rows: [ActionCatalog.Row]) -> [String] {
    var entries: [(label: String, line: String?)] = []
    func add(_ rows: [ActionCatalog.Row], depth: Int) {
      for row in rows {
        let label = String(repeating: "  ", count: depth) + row.name
        entries.append((label, row.children.isEmpty ? row.line.jsonText : nil))
        add(row.children, depth: depth + 1)
      }
    }
    add(rows, depth: 1)
    let column = (entries.map(\.label.count).max() ?? 0) + 2
    return entries.map { entry in
      guard let line = entry.line else { return entry.label }
      return entry.label.padding(toLength: column, withPad: " ", startingAt: 0) + line
    }
  }

  static func catalog<F: RefoldFeature>(_ feature: F.Type) -> ActionCatalog? {
    ActionCatalog.of(F.Action.self)
  }

  static func exampleLines<F: RefoldFeature>(_ feature: F.Type) throws -> [String] {
    let encoder = LogJSONEncoder()
    return try F.exampleActions.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
  }

  private static func jsonRow<F: RefoldFeature>(_ feature: F.Type) throws -> String {
    let row = FeatureRow(
      name: F.featureName, summary: F.summary, schema: F.schemaVersion, examples: try exampleLines(F.self),
      cases: catalog(F.self).map { $0.rows.map(CaseRow.init) })
    return String(decoding: try LogJSONEncoder().encode(row), as: UTF8.self)
  }
}

/// One feature in `refold features --json`.
private struct FeatureRow: Encodable {
  var name: String
  var summary: String
  var schema: Int
  var examples: [String]
  /// The action cases as a tree, when the feature's actions list them.
  var cases: [CaseRow]?
}

/// One action case in `refold features --json`, with a line that runs as is.
private struct CaseRow: Encodable {
  var name: String
  var example: String
  var cases: [CaseRow]?

  init(_ row: ActionCatalog.Row) {
    name = row.name
    example = row.line.jsonText
    cases = row.children.isEmpty ? nil : row.children.map(CaseRow.init)
  }
}
