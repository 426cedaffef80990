import ArgumentParser
import LogStorage

/// `--where` and `--since`: which stored logs a command takes (`store list`, `check --store`).
struct StoredLogSelection: ParsableArguments {
  @Option(
    name: .customLong("where"),
    help: ArgumentHelp("Only logs whose KEY is VALUE: feature, app, device, appVersion, schema.", valueName: "key=value"))
  var conditions: [String] = []

  @Option(name: .long, help: ArgumentHelp("Only logs uploaded at or after this time or date.", valueName: "time"))
  var since: String?

  var isEmpty: Bool { conditions.isEmpty && since == nil }

  func filter() throws(HostError) -> StoredLogFilter {
    try HostError.fromStore { () throws(LogStoreError) in
      var filter = StoredLogFilter()
      for condition in conditions { try filter.add(condition) }
      if let since { try filter.since(since) }
      return filter
    }
  }
}
