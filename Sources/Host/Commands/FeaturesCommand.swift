import ArgumentParser
import Foundation
import Store

struct FeaturesCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "features",
      abstract: "List the hosted features, each with example action lines.",
      discussion: """
        Each feature's example action lines run as printed, one JSON action per line.

        Examples:
          \(Help.name) features
          \(Help.name) features --json
          echo '{"textChanged":{"_0":"1234"}}' | refold run amountInput --actions -
        """
    )
  }

  @Flag(name: .long, help: "Print a JSON array of {name, summary, schema, examples}.")
  var json = false

  func run() async throws {
    let features = FeatureRegistry.current.features
    if json {
      var rows: [String] = []
      for feature in features { rows.append(try Self.jsonRow(feature)) }
      Terminal.out("[" + rows.joined(separator: ",") + "]")
      return
    }
    for feature in features {
      Terminal.out("\(feature.featureName) — \(feature.summary)")
      for line in try Self.exampleLines(feature) { Terminal.out("  \(line)") }
      Terminal.out("")
    }
  }

  static func exampleLines<F: RefoldFeature>(_ feature: F.Type) throws -> [String] {
    let encoder = LogJSONEncoder()
    return try F.exampleActions.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
  }

  private static func jsonRow<F: RefoldFeature>(_ feature: F.Type) throws -> String {
    let row = FeatureRow(name: F.featureName, summary: F.summary, schema: F.schemaVersion, examples: try exampleLines(F.self))
    return String(decoding: try LogJSONEncoder().encode(row), as: UTF8.self)
  }
}

/// One feature in `refold features --json`.
private struct FeatureRow: Encodable {
  var name: String
  var summary: String
  var schema: Int
  var examples: [String]
}
