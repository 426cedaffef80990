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
      Terminal.outJSON(try StateJSON.encode(result.state))
    } else {
      let twice = determinism ? ", each event folded twice with the same result" : ""
      Terminal.out("\(F.featureName) at seq \(result.lastSeq) (\(report(result, verify: verify, schema: F.schemaVersion))\(twice))")
      Terminal.out(String(customDumping: result.state))
    }
  }

  /// What a replay did and checked, and nothing more: "verified" only for what was.
  static func report<State>(_ result: ReplayResult<State>, verify: Bool, schema: Int) -> String {
    let checked: String
    if !verify {
      checked = "not verified"
    } else if result.verifiedCheckpoints == 0 {
      checked = "no checkpoint on the way, so nothing was verified"
    } else {
      checked = "\(result.verifiedCheckpoints) checkpoint\(result.verifiedCheckpoints == 1 ? "" : "s") verified"
    }
    let migrated = migrationNote(result, to: schema).map { $0 + "; " } ?? ""
    guard let snapshot = result.startedFromSnapshot else {
      return "\(migrated)\(result.foldedEvents) events folded from the start, \(checked)"
    }
    return "\(migrated)from the snapshot at seq \(snapshot), taken as recorded (--from-start checks it): \(result.foldedEvents) events folded after it, \(checked)"
  }

  /// "migrated from schema 1 to 3, 4 checkpoints not compared (…)", or nil for a log recorded
  /// at the feature's schema.
  static func migrationNote<State>(_ result: ReplayResult<State>, to schema: Int) -> String? {
    guard let from = result.migratedFrom else { return nil }
    var text = "migrated from schema \(from) to \(schema)"
    if result.uncomparedCheckpoints > 0 {
      text += ", \(result.uncomparedCheckpoints) checkpoint\(result.uncomparedCheckpoints == 1 ? "" : "s") not compared (recorded before a migration changed the state's encoding, without the full state)"
    }
    return text
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

  /// Reads the whole log without folding it, past any damage (``LogSummary/integrity`` says
  /// where it is). Only a log whose header or bytes cannot be read is an error.
  static func inspect(file path: String) throws(HostError) -> LogSummary {
    do {
      let scan = try LogIntegrityScan(file: URL(fileURLWithPath: path))
      var summary = LogSummary(path: path, header: scan.header, totalBytes: scan.totalBytes)
      // A log of an older schema of a hosted feature counts its actions by their names now.
      let hosted = FeatureRegistry.current.features.first { $0.featureName == scan.header.feature }
      let migration = hosted.flatMap {
        try? MigrationChain(
          recorded: scan.header.schema, current: $0.schemaVersion, migrations: $0.migrations, feature: $0.featureName,
          path: path)
      }
      if let hosted, scan.header.schema != hosted.schemaVersion {
        summary.schemaNote =
          migration.map { _ in "upgraded to this build's schema \(hosted.schemaVersion) by the feature's migrations" }
          ?? "this build is at schema \(hosted.schemaVersion), and no chain of migrations reaches it"
      }
      while var record = try scan.next() {
        if let migration, !migration.isEmpty, case .event(var event) = record,
          let upgraded = try? migration.upgradeAction(event.action)
        {
          event.action = upgraded
          record = .event(event)
        }
        summary.add(record)
      }
      summary.warnings = scan.warnings
      summary.integrity = scan.integrity
      return summary
    } catch {
      throw HostError.badInput(error.description)
    }
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
      var replayer = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
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
      throw HostError.diverged(divergence)
    } catch let error as LogReadError {
      throw HostError.badInput(error.description)
    }
  }
}
