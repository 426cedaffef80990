import Foundation
import Store

/// The integrity part of `refold inspect` on a damaged log: which lines are damaged, how much
/// comes before the first, and what replay does with it. Every text from the file (a reason
/// can quote a member name) goes through `Terminal.quoted`.
extension LogSummary {
  /// The lines of the "integrity" row.
  var integrityReport: [String] {
    let counts = integrity.counts.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
    let intact =
      integrity.intactEvents == 0
      ? "no event is intact before the first damage"
      : "\(integrity.intactEvents) event\(integrity.intactEvents == 1 ? "" : "s") intact before the first damage (seq 1…\(integrity.lastIntactSeq))"
    var lines = [
      "damaged: \(plural(integrity.damageCount, "line")) (\(counts.joined(separator: ", "))); \(intact); \(plural(integrity.readableEvents, "event")) readable in all"
    ]
    lines += integrity.damage.map { Terminal.quoted($0.description) }
    if integrity.moreDamage > 0 {
      lines.append("and \(plural(integrity.moreDamage, "more damaged line")) (only the first \(integrity.maxDetailed) are shown)")
    }
    if let stop = integrity.firstDamage {
      lines.append(replayAdvice(stoppingAt: stop))
    }
    lines += warnings.map { "warning: " + Terminal.quoted($0) }
    return lines
  }

  /// What `replay` does with the file: it stops at the first damage and prints no state; with
  /// `--until` it can stop before, but only one event short of the last intact one, which it
  /// must read to know it is past `until` (``LogIntegrity/replayUntil``).
  private func replayAdvice(stoppingAt stop: LogDamage) -> String {
    let stops = "replay stops at line \(stop.line) (\(stop.kind.rawValue)) with exit 2 and prints no state"
    guard let until = integrity.replayUntil else {
      return stops + "; fewer than two intact events come before it, so replay can fold none of them"
    }
    let command = "\(Help.name) replay \(Self.shellWord(path)) --until \(until)"
    return stops
      + "; `\(Terminal.quoted(command))` replays the intact part, to seq \(until)"
      + " (replay must read seq \(integrity.lastIntactSeq), the last intact event, to stop there)"
  }

  private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `path` as one word for a POSIX shell: as it is when it is plain, in single quotes if not.
  static func shellWord(_ path: String) -> String {
    let plain = !path.isEmpty
      && path.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar))
      }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// The `integrity` object of `--json`.
  var integrityJSON: IntegrityJSON {
    IntegrityJSON(
      damagedLines: integrity.damageCount,
      damaged: integrity.damage.map(IntegrityJSON.Damage.init),
      moreDamaged: integrity.moreDamage,
      counts: IntegrityJSON.Counts(integrity.counts),
      intactEvents: integrity.intactEvents,
      lastIntactSeq: integrity.lastIntactSeq,
      readableEvents: integrity.readableEvents,
      replayStopsAt: integrity.firstDamage.map(IntegrityJSON.Damage.init),
      replayUntil: integrity.replayUntil)
  }

  struct IntegrityJSON: Encodable {
    struct Damage: Encodable {
      var line: Int
      var kind: String
      var reason: String
      var seq: UInt64?
      var afterSeq: UInt64

      init(_ damage: LogDamage) {
        line = damage.line
        kind = damage.kind.rawValue
        reason = Terminal.quoted(damage.reason)
        seq = damage.seq
        afterSeq = damage.afterSeq
      }
    }

    /// Every kind, in a fixed order (a dictionary would print its keys in any order).
    struct Counts: Encodable {
      var checksum: Int
      var framing: Int
      var json: Int
      var seq: Int
      var checkpoint: Int

      init(_ counts: [LogDamage.Kind: Int]) {
        checksum = counts[.checksum, default: 0]
        framing = counts[.framing, default: 0]
        json = counts[.json, default: 0]
        seq = counts[.seq, default: 0]
        checkpoint = counts[.checkpoint, default: 0]
      }
    }

    var damagedLines: Int
    /// The first few, in file order.
    var damaged: [Damage]
    var moreDamaged: Int
    var counts: Counts
    var intactEvents: Int
    var lastIntactSeq: UInt64
    var readableEvents: Int
    var replayStopsAt: Damage?
    /// The `--until` that replays the intact part; absent when none can.
    var replayUntil: UInt64?
  }
}
