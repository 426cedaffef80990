import Foundation
import Store

/// A range of a log's events, exported for another tool: the events after `from` up to `to`.
enum LogExport: String, CaseIterable, Sendable {
  /// A log of its own, its initial state the state at `from` (`refold replay` checks it).
  case log
  /// The actions users sent, as lines for `refold run` (an effect's actions come again from the
  /// effects).
  case actions
  /// A Swift Testing file that plays the range through `TestStore` (`refold test-gen`).
  case test
  /// The lifted state that the Redux DevTools app imports: each action with its case path as
  /// its `type`, and the state after it.
  case redux

  /// The most events one export holds: each state of a test or a Redux export is written out.
  var maxEvents: UInt64 {
    switch self {
    case .log, .actions: 1_000_000
    case .test, .redux: 10_000
    }
  }

  var fileExtension: String {
    switch self {
    case .log: "log"
    case .actions: "jsonl"
    case .test: "swift"
    case .redux: "json"
    }
  }

  var contentType: String {
    switch self {
    case .log, .actions: "application/x-ndjson; charset=utf-8"
    case .test: "text/x-swift; charset=utf-8"
    case .redux: "application/json; charset=utf-8"
    }
  }

  /// The download's file name: the log's name (a folder's slashes as dashes) and the range.
  func fileName(log name: String, from: UInt64, to: UInt64) -> String {
    let stem = name.hasSuffix(".log") ? String(name.dropLast(4)) : name
    let safe = stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" }
    return "\(String(safe))-\(from)-\(to).\(fileExtension)"
  }
}

extension InspectedLog {
  /// The bytes of an export of the events after `from` up to `to`.
  func export(_ format: LogExport, from: UInt64, to: UInt64) async throws -> [UInt8] {
    let lastSeq = self.lastSeq
    guard from < to else { throw DevtoolsError.badRequest("from (\(from)) must be before to (\(to))") }
    guard to <= lastSeq else { throw DevtoolsError.notFound("\(name) has no event \(to): its last is \(lastSeq)") }
    guard to - from <= format.maxEvents else {
      throw DevtoolsError.badRequest(
        "a \(format.rawValue) export holds at most \(format.maxEvents) events; this range has \(to - from)")
    }
    switch format {
    case .log:
      return try replaying { try states.excerpt(from: from, to: to) }
    case .actions:
      let lines = try events(from: from, to: to).filter { $0.origin == .send }.map(\.actionJSON)
      return Array((lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).utf8)
    case .test:
      return Array(try await replayingAsync { try await states.testFile(from: from, to: to) }.utf8)
    case .redux:
      let lifted = try ReduxLiftedState(
        events: try events(from: from, to: to), states: try replaying { try states.states(from: from, to: to) },
        caseOf: { ActionCasePath.of($0) })
      return try LogJSONEncoder().serialize(lifted.json)
    }
  }
}
