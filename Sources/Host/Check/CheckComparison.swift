package import LogStorage

/// What changed between two check runs over the same stored logs: "3 logs that passed on
/// build-a diverge on build-b".
package struct CheckComparison: Sendable {
  package struct Change: Sendable, Equatable {
    package var log: String
    package var before: LogCheckOutcome.Status
    package var after: LogCheckOutcome.Status
  }

  package var before: String
  package var after: String
  /// Logs whose outcome moved from one kind to another, by log id.
  package var changes: [Change]
  /// Logs in `after` only, and in `before` only.
  package var added: Int
  package var removed: Int

  package init(before: String, _ earlier: [RunOutcome], after: String, _ later: [RunOutcome]) {
    self.before = before
    self.after = after
    let old = Dictionary(earlier.map { ($0.log, $0.outcome.status) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(later.map { ($0.log, $0.outcome.status) }, uniquingKeysWith: { first, _ in first })
    changes = later.compactMap { outcome in
      guard let was = old[outcome.log], Self.kind(was) != Self.kind(outcome.outcome.status) else { return nil }
      return Change(log: outcome.log, before: was, after: outcome.outcome.status)
    }
    added = new.keys.filter { old[$0] == nil }.count
    removed = old.keys.filter { new[$0] == nil }.count
  }

  /// Passed (verified, migrated or unverified: replayed to its end), diverged, unreadable or
  /// skipped.
  static func kind(_ status: LogCheckOutcome.Status) -> String {
    switch status {
    case .verified, .migrated, .unverified: "passed"
    case .diverged: "diverged"
    case .unreadable: "unreadable"
    case .skipped: "skipped"
    }
  }

  /// The logs that diverge now and passed before.
  package var regressions: [Change] {
    changes.filter { Self.kind($0.before) == "passed" && $0.after == .diverged }
  }

  package var text: String {
    var lines: [String] = []
    let groups = Dictionary(grouping: changes) { "\(Self.kind($0.before)) \(Self.kind($0.after))" }
    for key in groups.keys.sorted() {
      let group = groups[key]!
      let (was, now) = (Self.kind(group[0].before), Self.kind(group[0].after))
      let logs = group.count == 1 ? "1 log that" : "\(group.count) logs that"
      lines.append("\(logs) \(Self.pastVerb(was)) on \(Terminal.quoted(before)) \(Self.presentVerb(now, plural: group.count != 1)) on \(Terminal.quoted(after)):")
      lines += group.map { "  \($0.log)" }
    }
    if changes.isEmpty { lines.append("no log changed its outcome between \(Terminal.quoted(before)) and \(Terminal.quoted(after))") }
    if added > 0 { lines.append("\(added) log\(added == 1 ? "" : "s") only in \(Terminal.quoted(after))") }
    if removed > 0 { lines.append("\(removed) log\(removed == 1 ? "" : "s") only in \(Terminal.quoted(before))") }
    return lines.joined(separator: "\n")
  }

  private static func pastVerb(_ kind: String) -> String {
    switch kind {
    case "passed": "passed"
    case "diverged": "diverged"
    case "unreadable": "was unreadable"
    default: "was skipped"
    }
  }

  private static func presentVerb(_ kind: String, plural: Bool) -> String {
    switch kind {
    case "passed": plural ? "pass" : "passes"
    case "diverged": plural ? "diverge" : "diverges"
    case "unreadable": plural ? "are unreadable" : "is unreadable"
    default: plural ? "are skipped" : "is skipped"
    }
  }
}
