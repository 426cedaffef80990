import Foundation
import Store
import LogStorage

/// Checks one log against the reducer of the current build: replays every event from the
/// initial state and verifies every checkpoint on the way. Never throws: what goes wrong is the
/// outcome, so that one bad log cannot stop a corpus check.
enum LogCheck {
  static func run(_ path: String, features: FeatureRegistry) -> LogCheckOutcome {
    let started = ContinuousClock.now
    var outcome = check(path, features: features)
    outcome.seconds = (ContinuousClock.now - started).seconds
    return outcome
  }

  private static func check(_ path: String, features: FeatureRegistry) -> LogCheckOutcome {
    // Looked at before it is opened: a FIFO named on the command line blocked the whole check.
    if let special = SpecialFile.kind(at: path) {
      return LogCheckOutcome(
        path: path, feature: nil, status: .unreadable, message: "is \(special.rawValue), not a log file: it was not read")
    }
    let header: LogHeader
    do {
      header = try LogReader(file: URL(fileURLWithPath: path), chunkSize: 64 << 10).header
    } catch {
      return LogCheckOutcome(path: path, feature: nil, status: .unreadable, message: error.description)
    }
    guard let feature = features.features.first(where: { $0.featureName == header.feature }) else {
      return LogCheckOutcome(
        path: path, feature: header.feature, status: .skipped,
        message: "feature '\(Terminal.quoted(header.feature))' is not hosted by this tool")
    }
    return replay(feature, path: path)
  }

  private static func replay<F: RefoldFeature>(_ feature: F.Type, path: String) -> LogCheckOutcome {
    var outcome = LogCheckOutcome(path: path, feature: F.featureName, status: .verified)
    var replayer = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
    replayer.seeksFromSnapshots = false
    do {
      let result = try replayer.replay(
        file: URL(fileURLWithPath: path), verify: true, feature: F.featureName, schema: F.schemaVersion)
      outcome.events = result.eventCount
      outcome.checkpoints = result.verifiedCheckpoints
      var notes = result.warnings
      if let note = LogTools.migrationNote(result, to: F.schemaVersion) {
        outcome.status = .migrated
        notes.insert(note, at: 0)
      }
      if result.verifiedCheckpoints == 0 { outcome.status = .unverified }
      if !notes.isEmpty { outcome.message = notes.joined(separator: "; ") }
    } catch let divergence as ReplayDivergence {
      outcome.status = .diverged
      outcome.seq = divergence.seq
      outcome.fields = divergence.differingFields
      outcome.action = divergence.actions.last?.json
      let error = HostError.diverged(divergence)
      outcome.message = error.message
      outcome.detail = error.detail
    } catch {
      outcome.status = .unreadable
      outcome.message = "\(error)"
    }
    return outcome
  }
}

extension Duration {
  /// The duration in seconds, for reports.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
