import Foundation
import Reducers

/// A log left by a killed or failing recorder, held against the journal of what the store
/// committed: it must replay and verify, and hold exactly the first commits, in order.
struct LogAgainstJournal {
  /// The replayed log, when it replays.
  var replay: ReplayResult<AppFeature.State>?
  /// Every promise the log breaks, one line each.
  var problems: [String] = []

  var lastSeq: UInt64 { replay?.lastSeq ?? 0 }

  init(log: URL, journal: [JournalEntry]) {
    for (index, entry) in journal.enumerated() where entry.seq != UInt64(index + 1) {
      problems.append("the journal's line \(index + 1) has seq \(entry.seq): the harness is broken")
      return
    }
    do {
      replay = try Replayer(reducer: AppFeature()).replay(file: log, verify: true, feature: "app")
    } catch {
      problems.append("the log does not replay with verify on: \(error)")
      return
    }
    checkEvents(log: log, journal: journal)
    guard let replay else { return }
    // The replayed state is the live one at the last seq the log holds, wherever that is.
    if replay.lastSeq > 0, replay.lastSeq <= journal.count,
      let digest = try? StateDigest.hex(StateDigest.digest(of: replay.state)),
      digest != journal[Int(replay.lastSeq) - 1].digest
    {
      problems.append("the state replayed to seq \(replay.lastSeq) is not the live state at that seq (digest \(digest), live \(journal[Int(replay.lastSeq) - 1].digest))")
    }
    for warning in replay.warnings where !warning.contains("torn last line") {
      problems.append("unexpected warning: \(warning)")
    }
  }

  /// Each event is the commit of its seq: the same action (both redacted) and origin.
  private mutating func checkEvents(log: URL, journal: [JournalEntry]) {
    let decoder = LogJSONDecoder()
    do {
      let reader = try LogReader(file: log, feature: "app")
      while let record = try reader.next() {
        guard case .event(let event) = record else { continue }
        guard event.seq <= journal.count else {
          problems.append("seq \(event.seq) is in the log, but the store committed only \(journal.count)")
          return
        }
        let entry = journal[Int(event.seq) - 1]
        let logged = try decoder.decode(AppFeature.Action.self, from: event.action)
        let committed = try decoder.decode(AppFeature.Action.self, from: Array(entry.action.utf8))
        guard logged == committed, event.origin.rawValue == entry.origin else {
          problems.append(
            "seq \(event.seq): the log has \(event.origin.rawValue) \(event.actionJSON), the store committed \(entry.origin) \(entry.action)")
          return
        }
      }
    } catch {
      problems.append("reading the log's events: \(error)")
    }
  }
}

/// The files of a crash artefact folder that hold either secret in clear.
func filesHoldingSecrets(in folder: URL) throws -> [String] {
  let secrets = [Data(CrashChild.password.utf8), Data(CrashChild.token.utf8)]
  return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { name in
    let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
    return secrets.contains { bytes.range(of: $0) != nil }
  }
}
