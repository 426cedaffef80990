import CustomDump
import Foundation
import JSONCodec
import Store

/// The states of a log, folded by the reducer of the feature that recorded it: what the
/// inspector's state panel, diffs and slider show. Secrets are redacted as the log redacts them.
protocol LogStates: Sendable {
  /// The state after event `seq` (0: the initial state), as redacted JSON.
  func state(at seq: UInt64) throws -> JSONValue
  /// A readable diff of the states at two seqs (`-` the state at `from`, `+` at `to`).
  func diff(from: UInt64, to: UInt64) throws -> String
  /// The events after `from` up to `to` as a log of their own (``Replayer/excerpt``), checked
  /// by replaying it with every checkpoint verified.
  func excerpt(from: UInt64, to: UInt64) throws -> [UInt8]
  /// The redacted states at `from` and after each event up to `to`: `to - from + 1` of them.
  func states(from: UInt64, to: UInt64) throws -> [JSONValue]
  /// A Swift Testing file that plays the events after `from` up to `to` through `TestStore`.
  func testFile(from: UInt64, to: UInt64) async throws -> String
}

/// ``LogStates`` for a hosted feature. Each state is replayed from the nearest snapshot at or
/// below its seq, without verifying checkpoints on the way: a log that diverges still shows
/// what this build folds (the check status says where it diverges). The last few states are
/// kept, so that stepping through a log one seq at a time folds one event per step.
final class FeatureLogStates<F: RefoldFeature>: LogStates, @unchecked Sendable {
  private let url: URL
  private let locate: @Sendable (UInt64) -> (offset: Int, line: Int)?
  private let lock = NSLock()
  private var recent: [(seq: UInt64, state: F.State)] = []
  private static var keptStates: Int { 8 }

  /// - Parameter locate: where the line of an event starts, from the log's index.
  init(path: String, locate: @escaping @Sendable (UInt64) -> (offset: Int, line: Int)?) {
    url = URL(fileURLWithPath: path)
    self.locate = locate
  }

  func state(at seq: UInt64) throws -> JSONValue {
    try LogJSONEncoder().encodeValue(Redaction.apply(try typedState(at: seq)))
  }

  func diff(from: UInt64, to: UInt64) throws -> String {
    let before = Redaction.apply(try typedState(at: from))
    let after = Redaction.apply(try typedState(at: to))
    return CustomDump.diff(before, after) ?? ""
  }

  func excerpt(from: UInt64, to: UInt64) throws -> [UInt8] {
    let bytes = try replayer().excerpt(file: url, from: from, to: to, feature: F.featureName, schema: F.schemaVersion)
    // What is exported replays: the excerpt is folded again from its own initial state, every
    // checkpoint verified, before anyone downloads it.
    let check = FileManager.default.temporaryDirectory.appendingPathComponent("refold-excerpt-\(UUID().uuidString).log")
    try Data(bytes).write(to: check)
    defer { try? FileManager.default.removeItem(at: check) }
    var verifying = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
    verifying.seeksFromSnapshots = false
    _ = try verifying.replay(file: check, verify: true, feature: F.featureName, schema: F.schemaVersion)
    return bytes
  }

  func states(from: UInt64, to: UInt64) throws -> [JSONValue] {
    let encoder = LogJSONEncoder()
    var states = [try encoder.encodeValue(Redaction.apply(try typedState(at: from)))]
    _ = try replayer().excerpt(file: url, from: from, to: to, feature: F.featureName, schema: F.schemaVersion) { _, state in
      states.append(try encoder.encodeValue(Redaction.apply(state)))
    }
    return states
  }

  func testFile(from: UInt64, to: UInt64) async throws -> String {
    try await TestGenerator.generate(F.self, .init(file: url.path, from: from + 1, to: to, name: nil))
  }

  private func replayer() -> Replayer<F> {
    var replayer = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
    replayer.eventLocation = locate
    return replayer
  }

  private func typedState(at seq: UInt64) throws -> F.State {
    if let known = lock.withLock({ recent.first { $0.seq == seq }?.state }) { return known }
    let state = try replayer().replay(
      file: url, until: seq, verify: false, feature: F.featureName, schema: F.schemaVersion
    ).state
    lock.withLock {
      recent.append((seq, state))
      if recent.count > Self.keptStates { recent.removeFirst() }
    }
    return state
  }
}

/// The paths of the values that differ between two states' JSON: object keys as strings, array
/// positions as numbers. A value that is an object or array on both sides is compared member by
/// member; anything else that differs is one path.
enum ChangedPaths {
  static func between(_ before: JSONValue, _ after: JSONValue) -> [[JSONValue]] {
    var paths: [[JSONValue]] = []
    collect(before, after, at: [], into: &paths)
    return paths
  }

  private static func collect(_ before: JSONValue, _ after: JSONValue, at path: [JSONValue], into paths: inout [[JSONValue]]) {
    switch (before, after) {
    case (.object(let old), .object(let new)):
      var oldByKey: [String: JSONValue] = [:]
      for member in old where oldByKey[member.key] == nil { oldByKey[member.key] = member.value }
      var seen = Set<String>()
      for member in new where seen.insert(member.key).inserted {
        if let previous = oldByKey[member.key] {
          collect(previous, member.value, at: path + [.string(member.key)], into: &paths)
        } else {
          paths.append(path + [.string(member.key)])
        }
      }
      for member in old where !seen.contains(member.key) {
        seen.insert(member.key)
        paths.append(path + [.string(member.key)])
      }
    case (.array(let old), .array(let new)):
      for position in 0..<max(old.count, new.count) {
        let here = path + [.int(Int64(position))]
        if position < old.count, position < new.count {
          collect(old[position], new[position], at: here, into: &paths)
        } else {
          paths.append(here)
        }
      }
    default:
      if before != after { paths.append(path) }
    }
  }
}
