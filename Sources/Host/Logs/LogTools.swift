import CustomDump
import Foundation
import Store

/// What `replay`, `inspect` and `diff` do with a log, with their errors mapped to the exit
/// codes: 2 for a log that cannot be read, 1 for a replay that diverged.
enum LogTools {
  /// The hosted feature that recorded `path`, read from its header.
  static func feature(of path: String) throws -> any RefoldFeature.Type {
    let reader = try open(path)
    return try FeatureRegistry.current.feature(
      named: reader.header.feature, kind: .badInput, context: "\(path): recorded by an ")
  }

  static func replay<F: RefoldFeature>(
    _ feature: F.Type, file: String, until: UInt64?, verify: Bool, fromStart: Bool = false, determinism: Bool = false,
    json: Bool
  ) throws {
    let result = try replayed(
      F.self, file: file, until: until, verify: verify, fromStart: fromStart, determinism: determinism)
    if json {
      Terminal.out(try StateJSON.encode(result.state))
    } else {
      let twice = determinism ? ", each event folded twice with the same result" : ""
      Terminal.out("\(F.featureName) at seq \(result.lastSeq) (\(report(result, verify: verify))\(twice))")
      Terminal.out(String(customDumping: result.state))
    }
  }

  /// What a replay did and checked, and nothing more: "verified" only for what was.
  static func report<State>(_ result: ReplayResult<State>, verify: Bool) -> String {
    let checked: String
    if !verify {
      checked = "not verified"
    } else if result.verifiedCheckpoints == 0 {
      checked = "no checkpoint on the way, so nothing was verified"
    } else {
      checked = "\(result.verifiedCheckpoints) checkpoint\(result.verifiedCheckpoints == 1 ? "" : "s") verified"
    }
    guard let snapshot = result.startedFromSnapshot else {
      return "\(result.foldedEvents) events folded from the start, \(checked)"
    }
    return "from the snapshot at seq \(snapshot), taken as recorded (--from-start checks it): \(result.foldedEvents) events folded after it, \(checked)"
  }

  /// Both states are folded from the initial state, every checkpoint on the way verified, so
  /// that a snapshot that lies cannot show up in a diff.
  static func diff<F: RefoldFeature>(_ feature: F.Type, file: String, from: UInt64, to: UInt64) throws -> String {
    guard from <= to else { throw HostError.usage("--from \(from) is after --to \(to)") }
    let before = try replayed(F.self, file: file, until: from, verify: true, fromStart: true).state
    let after = try replayed(F.self, file: file, until: to, verify: true, fromStart: true).state
    return CustomDump.diff(before, after).map { "State from seq \(from) (−) to seq \(to) (+):\n\($0)" }
      ?? "No difference between seq \(from) and seq \(to)."
  }

  /// Reads the whole log without folding it.
  static func inspect(file path: String) throws -> LogSummary {
    let reader = try open(path)
    var summary = LogSummary(path: path, header: reader.header, totalBytes: reader.totalBytes)
    do {
      while let record = try reader.next() {
        summary.add(record)
      }
    } catch {
      throw HostError.badInput(error.description)
    }
    summary.warnings = reader.warnings
    return summary
  }

  private static func open(_ path: String) throws(HostError) -> LogReader {
    do {
      return try LogReader(file: URL(fileURLWithPath: path))
    } catch {
      throw HostError.badInput(error.description)
    }
  }

  private static func replayed<F: RefoldFeature>(
    _ feature: F.Type, file: String, until: UInt64?, verify: Bool, fromStart: Bool, determinism: Bool = false
  ) throws -> ReplayResult<F.State> {
    var progress = Terminal.Progress()
    defer { progress.finish() }
    do {
      var replayer = Replayer(reducer: F(environment: .replay))
      replayer.seeksFromSnapshots = !fromStart
      replayer.checksDeterminism = determinism
      let result = try replayer.replay(
        file: URL(fileURLWithPath: file), until: until, verify: verify, feature: F.featureName,
        schema: F.schemaVersion
      ) { step in
        let percent = step.totalBytes == 0 ? 100 : step.bytesRead * 100 / step.totalBytes
        progress.update("replaying \(file): seq \(step.seq), \(percent)%")
      }
      for warning in result.warnings { Terminal.diagnostic("warning: \(warning)") }
      return result
    } catch let divergence as ReplayDivergence {
      throw HostError(.diverged, "\(divergence)")
    } catch let error as LogReadError {
      throw HostError.badInput(error.description)
    }
  }
}

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
  /// Events sent while the store folded another (``LogEvent/sentDuring``), and the first few
  /// of them as (seq, seq it was sent during).
  var reentrantSends = 0
  var firstReentrantSends: [(seq: UInt64, during: UInt64)] = []

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
    lines.append("format       \(LogHeader.formatName) v\(header.version), feature \(Terminal.quoted(header.feature)) (schema \(header.schema)), created \(Terminal.quoted(header.created))")
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
    lines.append("checkpoints  \(checkpoints) (\(snapshots) with the full state), every \(header.checkpointInterval) events" + (lastCheckpoint.map { ", last at seq \($0)" } ?? ""))
    lines.append(
      "integrity    "
        + (warnings.isEmpty
          ? "every line's checksum matches (states and digests are not checked here: `replay` checks them)"
          : warnings.map(Terminal.quoted).joined(separator: "; ")))
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
    }
    let row = Row(
      file: path, bytes: totalBytes, format: LogHeader.formatName, version: header.version,
      feature: header.feature, schema: header.schema, created: header.created, events: events,
      firstSeq: firstSeq, lastSeq: lastSeq, origins: origins, actions: actions, firstTime: firstTime,
      lastTime: lastTime, checkpoints: checkpoints, snapshots: snapshots, reentrantSends: reentrantSends, warnings: warnings
    )
    return String(decoding: try LogJSONEncoder().encode(row), as: UTF8.self)
  }
}
