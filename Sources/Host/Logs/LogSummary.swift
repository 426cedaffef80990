import Foundation
import Store

/// What `refold inspect` prints.
struct LogSummary {
  let path: String
  let header: LogHeader
  let totalBytes: Int
  var events = 0
  var firstSeq: UInt64?
  var lastSeq: UInt64?
  var origins: [String: Int] = [:]
  var actions: [String: Int] = [:]
  /// Events whose action name came after the first `maxActionNames` distinct ones.
  var otherActions = 0
  var firstTime: Double?
  var lastTime: Double?
  var checkpoints = 0
  var snapshots = 0
  var lastCheckpoint: UInt64?
  var warnings: [String] = []
  /// For a log of another schema than the hosted feature's: whether its migrations upgrade it.
  var schemaNote: String?
  /// The damaged lines, if any: `inspect` reads past them, and every row counts the lines that
  /// read well.
  var integrity = LogIntegrity()
  /// Events sent while the store folded another (``LogEvent/sentDuring``), and the first few
  /// of them as (seq, seq it was sent during).
  var reentrantSends = 0
  var firstReentrantSends: [(seq: UInt64, during: UInt64)] = []
  /// Events that say where they were sent from (``LogEvent/site``, `--record-sites`).
  var eventsWithSites = 0

  init(path: String, header: LogHeader, totalBytes: Int) {
    self.path = path
    self.header = header
    self.totalBytes = totalBytes
  }

  mutating func add(_ record: LogRecord) {
    switch record {
    case .header:
      break
    case let .event(event):
      events += 1
      firstSeq = firstSeq ?? event.seq
      lastSeq = event.seq
      origins[event.origin.rawValue, default: 0] += 1
      // At most `maxActionNames` names are told apart, so that a log of endless distinct names
      // cannot take the memory: the rest are counted together.
      let name = event.actionName ?? "?"
      if actions[name] != nil || actions.count < Self.maxActionNames {
        actions[name, default: 0] += 1
      } else {
        otherActions += 1
      }
      firstTime = firstTime ?? event.t
      lastTime = event.t
      if let during = event.sentDuring {
        reentrantSends += 1
        if firstReentrantSends.count < Self.maxReentrantSendsShown { firstReentrantSends.append((event.seq, during)) }
      }
      if event.site != nil { eventsWithSites += 1 }
    case let .checkpoint(checkpoint):
      checkpoints += 1
      if checkpoint.hasState { snapshots += 1 }
      lastCheckpoint = checkpoint.seq
    }
  }

  static var maxActionNames: Int { 1_000 }
  static var maxReentrantSendsShown: Int { 10 }

  /// What is printed of the file (its feature, its action names, its timestamps, its warnings)
  /// goes through `Terminal.quoted`, so that a crafted log cannot send escape sequences.
  var text: String {
    var lines: [String] = []
    lines.append("file         \(path) (\(totalBytes) bytes)")
    lines.append("format       \(LogHeader.formatName) v\(header.version), feature \(Terminal.quoted(header.feature)) (schema \(header.schema)\(schemaNote.map { ": \($0)" } ?? "")), created \(Terminal.quoted(header.created))")
    lines.append("events       \(events)" + (firstSeq.map { " (seq \($0)…\(lastSeq ?? $0))" } ?? ""))
    lines.append("origins      " + origins.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    lines.append(
      "actions      " + actions.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\(Terminal.quoted($0.key)) \($0.value)" }.joined(separator: ", ")
        + (otherActions > 0 ? ", and \(otherActions) more of other names (only the first \(Self.maxActionNames) names are told apart)" : ""))
    if let firstTime, let lastTime {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let span = String(format: "%.3f s", lastTime - firstTime)
      lines.append("time span    \(formatter.string(from: Date(timeIntervalSince1970: firstTime))) → \(formatter.string(from: Date(timeIntervalSince1970: lastTime))) (\(span))")
    }
    if reentrantSends > 0 {
      let shown = firstReentrantSends.map { "seq \($0.seq) during \($0.during)" }.joined(separator: ", ")
      lines.append(
        "reentrant    \(reentrantSends) sent while another action was being folded (\(shown)"
          + (reentrantSends > firstReentrantSends.count ? ", …)" : ")"))
    }
    if eventsWithSites > 0 {
      lines.append("sites        \(eventsWithSites) of \(events) events say where they were sent from (`devtools` shows them)")
    }
    lines.append("checkpoints  \(checkpoints) (\(snapshots) with the full state), every \(header.checkpointInterval) events" + (lastCheckpoint.map { ", last at seq \($0)" } ?? ""))
    if integrity.isIntact {
      lines.append(
        "integrity    "
          + (warnings.isEmpty
            ? "every line's checksum matches (states and digests are not checked here: `replay` checks them)"
            : warnings.map(Terminal.quoted).joined(separator: "; ")))
    } else {
      lines.append("integrity    " + integrityReport.joined(separator: "\n             "))
    }
    return lines.joined(separator: "\n")
  }

  func json() throws -> String {
    struct Row: Encodable {
      var file: String
      var bytes: Int
      var format: String
      var version: Int
      var feature: String
      var schema: Int
      /// Set for a log of another schema than the hosted feature's.
      var schemaNote: String?
      var created: String
      var events: Int
      var firstSeq: UInt64?
      var lastSeq: UInt64?
      var origins: [String: Int]
      var actions: [String: Int]
      var firstTime: Double?
      var lastTime: Double?
      var checkpoints: Int
      var snapshots: Int
      var reentrantSends: Int
      var warnings: [String]
      /// Only for a damaged log, so that an undamaged one prints what it always did.
      var integrity: IntegrityJSON?
    }
    let row = Row(
      file: path, bytes: totalBytes, format: LogHeader.formatName, version: header.version,
      feature: header.feature, schema: header.schema, schemaNote: schemaNote, created: header.created, events: events,
      firstSeq: firstSeq, lastSeq: lastSeq, origins: origins, actions: actions, firstTime: firstTime,
      lastTime: lastTime, checkpoints: checkpoints, snapshots: snapshots, reentrantSends: reentrantSends, warnings: warnings,
      integrity: integrity.isIntact ? nil : integrityJSON
    )
    return String(decoding: try LogJSONEncoder().encode(row), as: UTF8.self)
  }
}
