import Foundation
import Store
package import LogStorage

/// What `refold check` prints: the logs that are not verified, in detail, then a summary table;
/// or the same as JSON, or as JUnit XML for CI systems.
package struct CheckReport: Sendable {
  package var outcomes: [LogCheckOutcome]
  package var seconds: Double
  package var jobs: Int

  package init(outcomes: [LogCheckOutcome], seconds: Double, jobs: Int) {
    self.outcomes = outcomes
    self.seconds = seconds
    self.jobs = jobs
  }

  package func count(_ status: LogCheckOutcome.Status) -> Int { outcomes.count { $0.status == status } }
  package var events: Int { outcomes.reduce(0) { $0 + $1.events } }

  /// 2 if any log was unreadable, else 1 if any diverged, else 0.
  package var exitCode: Int32 {
    if count(.unreadable) > 0 { return HostError.Kind.badInput.rawValue }
    if count(.diverged) > 0 { return HostError.Kind.diverged.rawValue }
    return 0
  }

  // MARK: - Text

  /// Each log that is not verified (a torn tail is a warning of a verified one), then the counts.
  package var text: String {
    var lines: [String] = []
    for outcome in outcomes where outcome.status != .verified || outcome.message != nil {
      let label = outcome.status == .verified ? "warning" : outcome.status.rawValue
      let message = Terminal.quoted(outcome.message ?? "")
      let named = message.hasPrefix(outcome.path) ? message : "\(Terminal.quoted(outcome.path)): \(message)"
      lines.append(label.padding(toLength: 12, withPad: " ", startingAt: 0) + named)
      if let detail = outcome.detail {
        lines += detail.split(separator: "\n", omittingEmptySubsequences: false).map { "            " + Terminal.quoted($0) }
      }
    }
    if !lines.isEmpty { lines.append("") }
    lines.append(summaryLine)
    for status in LogCheckOutcome.Status.allCases where count(status) > 0 || status == .verified {
      lines.append("  " + status.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + "\(count(status))")
    }
    return lines.joined(separator: "\n")
  }

  private var summaryLine: String {
    let rate = seconds > 0 ? Double(events) / seconds : 0
    return "\(outcomes.count) log\(outcomes.count == 1 ? "" : "s"), \(events) events, checked in "
      + String(format: "%.2f s", seconds) + " on \(jobs) job\(jobs == 1 ? "" : "s") (\(Int(rate)) events/s)"
  }

  // MARK: - JSON

  package func json() throws -> String {
    struct Summary: Encodable {
      var logs: Int
      var events: Int
      var seconds: Double
      var jobs: Int
      var verified: Int
      var migrated: Int
      var unverified: Int
      var diverged: Int
      var unreadable: Int
      var skipped: Int
    }
    struct Document: Encodable {
      var summary: Summary
      var logs: [LogCheckOutcome]
    }
    let summary = Summary(
      logs: outcomes.count, events: events, seconds: seconds, jobs: jobs, verified: count(.verified),
      migrated: count(.migrated), unverified: count(.unverified), diverged: count(.diverged), unreadable: count(.unreadable), skipped: count(.skipped))
    return String(decoding: try LogJSONEncoder().encode(Document(summary: summary, logs: outcomes)), as: UTF8.self)
  }

  // MARK: - JUnit

  /// JUnit XML: a test case per log, named by its path, with its feature as the class; a
  /// divergence is a failure, an unreadable log an error, a log of a feature not hosted a skip.
  package var junit: String {
    let time = String(format: "%.3f", seconds)
    let counts =
      "tests=\"\(outcomes.count)\" failures=\"\(count(.diverged))\" errors=\"\(count(.unreadable))\" skipped=\"\(count(.skipped))\" time=\"\(time)\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"refold check\" \(counts)>\n"
    xml += "  <testsuite name=\"refold check\" \(counts)>\n"
    for outcome in outcomes {
      let attributes =
        "classname=\"\(XML.escaped(outcome.feature ?? "unknown"))\" name=\"\(XML.escaped(outcome.path))\" time=\"\(String(format: "%.3f", outcome.seconds))\""
      let message = XML.escaped(outcome.message ?? "")
      switch outcome.status {
      case .verified, .migrated, .unverified:
        xml += "    <testcase \(attributes)/>\n"
      case .diverged:
        var body = outcome.message ?? ""
        if let detail = outcome.detail { body += "\n" + detail }
        xml += "    <testcase \(attributes)>\n      <failure message=\"\(message)\" type=\"diverged\">\(XML.escaped(body))</failure>\n    </testcase>\n"
      case .unreadable:
        xml += "    <testcase \(attributes)>\n      <error message=\"\(message)\" type=\"unreadable\"/>\n    </testcase>\n"
      case .skipped:
        xml += "    <testcase \(attributes)>\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }
}

/// Text made safe for XML 1.0 attributes and content.
enum XML {
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\n": escaped += "&#10;"
      case "\t": escaped += "&#9;"
      // XML 1.0 cannot hold other control characters, even escaped.
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): escaped += "\\u{\(String(scalar.value, radix: 16))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
