import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// A scan past damage finds every damaged line with its line number and kind, goes on after
/// each, counts a gap once, and keeps its detail bounded. Its first finding is where the reader
/// stops, and the `until` it offers replays.
struct LogIntegrityScanTests {
  let folder = TemporaryFolder()

  /// Twelve events, checkpoints every 5 (after seq 5 on line 7, after seq 10 on line 13), as
  /// lines without their newline: line `n` is `lines[n - 1]`.
  static func lines() -> [[UInt8]] {
    var log = HandWrittenLog(checkpointInterval: 5)
    for seq: UInt64 in 1...12 {
      log.event(seq, #"{"type":{"_0":"\#(seq)"}}"#)
      if seq % 5 == 0 { log.add(#"{"checkpoint":\#(seq),"digest":"0000000000000000""#) }
    }
    return log.bytes.split(separator: 0x0A).map(Array.init)
  }

  /// `payload` framed as a line of the log, with a checksum that matches.
  static func sealed(_ payload: String) -> [UInt8] {
    var bytes = Array(payload.utf8)
    LogLine.seal(&bytes, payloadStart: 0)
    return Array(bytes.dropLast())
  }

  func write(_ lines: [[UInt8]], tail: [UInt8] = [], name: String = "events.log") throws -> URL {
    let file = folder.file(name)
    try Data(lines.flatMap { $0 + [0x0A] } + tail).write(to: file)
    return file
  }

  /// Scans `file` to its end: the integrity, the seqs of the events returned, and the warnings.
  func scan(_ file: URL, maxDetailed: Int = 20) throws -> (integrity: LogIntegrity, seqs: [UInt64], warnings: [String]) {
    let scan = try LogIntegrityScan(file: file, maxDetailed: maxDetailed)
    var seqs: [UInt64] = []
    while let record = try scan.next() {
      if case .event(let event) = record { seqs.append(event.seq) }
    }
    return (scan.integrity, seqs, scan.warnings)
  }

  /// Where the reader stops, or nil when it reads the whole file.
  func readerError(_ file: URL) -> LogReadError? {
    do {
      _ = try readAll(file)
      return nil
    } catch {
      return error as? LogReadError
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var damage: @Sendable (inout [[UInt8]]) -> Void
    var line: Int
    var kind: LogDamage.Kind
    /// The events that read well, in order.
    var seqs: [UInt64]
    var intact: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "a flipped byte", damage: { $0[4][12] ^= 0x01 }, line: 5, kind: .checksum,
         seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "no checksum member", damage: { $0[4] = Array("{\"seq\":4}".utf8) }, line: 5, kind: .framing,
         seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "an empty line", damage: { $0[4] = [] }, line: 5, kind: .framing,
         seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "JSON that is not a record", damage: { $0[4] = sealed(#"{"hello":"world""#) }, line: 5, kind: .framing,
         seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "invalid JSON", damage: { $0[4] = sealed(#"{"seq":4,"t":1,"origin":"send","action":{"type":"#) }, line: 5,
         kind: .json, seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "a member of the wrong type", damage: { $0[4] = sealed(#"{"seq":4,"t":1,"origin":"sideways","action":{}"#) },
         line: 5, kind: .json, seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "a gap", damage: { $0.remove(at: 4) }, line: 5, kind: .seq, seqs: [1, 2, 3] + Array(5...12), intact: 3),
    Case(name: "a repeat", damage: { $0.insert($0[3], at: 4) }, line: 5, kind: .seq, seqs: [1, 2, 3, 3] + Array(4...12), intact: 3),
    Case(name: "a run that goes back", damage: { $0.insert(contentsOf: $0[1...3], at: 4) }, line: 5, kind: .seq,
         seqs: [1, 2, 3, 1, 2, 3] + Array(4...12), intact: 3),
    Case(name: "a missing checkpoint", damage: { $0.remove(at: 6) }, line: 7, kind: .checkpoint, seqs: Array(1...12), intact: 5),
    Case(name: "a checkpoint out of place", damage: { $0.insert(sealed(#"{"checkpoint":2,"digest":"0000000000000000""#), at: 4) },
         line: 5, kind: .checkpoint, seqs: Array(1...12), intact: 3),
    Case(name: "a second checkpoint", damage: { $0.insert($0[6], at: 7) }, line: 8, kind: .checkpoint, seqs: Array(1...12), intact: 5),
  ]

  @Test(arguments: cases)
  func eachKindOfDamageIsFoundOnItsLineAndTheScanGoesOn(_ damage: Case) throws {
    var lines = Self.lines()
    damage.damage(&lines)
    let file = try write(lines)
    let (integrity, seqs, warnings) = try scan(file)

    #expect(integrity.damageCount == 1, "\(integrity.damage)")
    #expect(integrity.firstDamage?.line == damage.line)
    #expect(integrity.firstDamage?.kind == damage.kind)
    #expect(integrity.counts == [damage.kind: 1])
    #expect(integrity.intactEvents == damage.intact)
    #expect(integrity.lastIntactSeq == UInt64(damage.intact))
    #expect(seqs == damage.seqs)
    #expect(integrity.readableEvents == damage.seqs.count)
    #expect(warnings.isEmpty)
    // The scan finds the line the reader stops at.
    #expect(readerError(file)?.line == damage.line)
  }

  /// Replay must read the event after `until`: with the first damage on seq `n`'s line, the
  /// most it can replay is to seq `n - 2`, and nothing when that is below 1. (Line 9 holds seq 7:
  /// a checkpoint comes after seq 5.)
  @Test(arguments: [(2, nil), (3, nil), (4, 1), (9, 5)] as [(Int, UInt64?)])
  func theOfferedUntilStopsBeforeTheLastIntactEvent(damagedLine: Int, until: UInt64?) throws {
    var lines = Self.lines()
    lines[damagedLine - 1][12] ^= 0x01
    let (integrity, _, _) = try scan(try write(lines))
    #expect(integrity.firstDamage?.line == damagedLine)
    #expect(integrity.replayUntil == until)
  }

  @Test func anUndamagedLogScansAsTheReaderReadsIt() throws {
    let file = try write(Self.lines())
    let (integrity, seqs, warnings) = try scan(file)
    #expect(integrity.isIntact)
    #expect(integrity.intactEvents == 12 && integrity.lastIntactSeq == 12 && integrity.readableEvents == 12)
    #expect(integrity.replayUntil == nil)
    #expect(seqs == Array(1...12))
    #expect(warnings.isEmpty)
    let scan = try LogIntegrityScan(file: file)
    var scanned: [LogRecord] = []
    while let record = try scan.next() { scanned.append(record) }
    #expect(scanned == (try readAll(file)).records)
  }

  @Test func aTornLastLineIsAWarningNotDamage() throws {
    let file = try write(Self.lines(), tail: Array(#"{"seq":13,"t":1,"ori"#.utf8))
    let (integrity, seqs, warnings) = try scan(file)
    #expect(integrity.isIntact)
    #expect(seqs == Array(1...12))
    #expect(warnings.count == 1 && warnings[0].contains(":16: dropped a torn last line"), "\(warnings)")
  }

  @Test func aDamagedHeaderIsStillAnError() throws {
    var lines = Self.lines()
    lines[0][30] ^= 0x01
    let file = try write(lines)
    let error = #expect(throws: LogReadError.self) { try LogIntegrityScan(file: file) }
    #expect(error?.kind == .checksumMismatch)
    #expect(error?.line == 1)
  }

  @Test func damageAllOverTheLogIsFoundLineByLine() throws {
    var lines = Self.lines()
    lines[2][12] ^= 0x01  // line 3, seq 2: checksum
    lines[8] = Array("x".utf8)  // line 9, seq 7: framing
    lines.remove(at: 10)  // seq 9: a gap, noted on line 11 (seq 10)
    let file = try write(lines)
    let (integrity, seqs, _) = try scan(file)
    #expect(integrity.damage.map(\.line) == [3, 9, 11])
    #expect(integrity.damage.map(\.kind) == [.checksum, .framing, .seq])
    #expect(integrity.damage.map(\.afterSeq) == [1, 6, 8])
    #expect(integrity.damage.last?.seq == 10)
    #expect(integrity.counts == [.checksum: 1, .framing: 1, .seq: 1])
    #expect(integrity.intactEvents == 1)
    #expect(seqs == [1, 3, 4, 5, 6, 8, 10, 11, 12])
  }

  /// One lost stretch of events is one finding, not one per event after it.
  @Test func aGapIsCountedOnce() throws {
    var log = HandWrittenLog(checkpointInterval: 10_000)
    for seq: UInt64 in Array(1...10) + Array(500...1_000) { log.event(seq) }
    let file = folder.file()
    try log.write(to: file)
    let (integrity, seqs, _) = try scan(file)
    #expect(integrity.damageCount == 1)
    #expect(integrity.firstDamage == LogDamage(line: 12, kind: .seq, reason: "seq 500 follows seq 10: seqs 11…499 are missing", seq: 500, afterSeq: 10))
    #expect(seqs.count == 511)
  }

  /// The line that could not be read held the seq that seems to be missing after it: that is
  /// the damage already noted, not a gap besides.
  @Test func aLostLineIsNotAlsoAGap() throws {
    var lines = Self.lines()
    lines[4] = Array("lost".utf8)  // seq 4
    lines[6] = Array("lost".utf8)  // checkpoint 5
    lines[12] = Array("lost".utf8)  // checkpoint 10
    let (integrity, _, _) = try scan(try write(lines))
    #expect(integrity.damage.map(\.line) == [5, 7, 13])
    #expect(integrity.counts == [.framing: 3])
  }

  @Test func onlyTheFirstFindingsAreKeptInDetail() throws {
    var log = HandWrittenLog(checkpointInterval: 10_000)
    for seq: UInt64 in 1...300 { log.event(seq) }
    var lines = log.bytes.split(separator: 0x0A).map(Array.init)
    for line in stride(from: 10, to: 300, by: 3) { lines[line][14] ^= 0x01 }  // 97 checksums
    let (integrity, seqs, _) = try scan(try write(lines), maxDetailed: 20)
    #expect(integrity.damageCount == 97)
    #expect(integrity.damage.count == 20)
    #expect(integrity.moreDamage == 77)
    #expect(integrity.counts == [.checksum: 97])
    #expect(integrity.damage.first?.line == 11 && integrity.damage.last?.line == 11 + 19 * 3)
    #expect(seqs.count == 300 - 97)
  }

  @Test func aReasonQuotingTheFileStaysShort() throws {
    var lines = Self.lines()
    lines[4] = Self.sealed(#"{""# + String(repeating: "k", count: 100_000) + #"":1"#)
    let (integrity, _, _) = try scan(try write(lines))
    let reason = try #require(integrity.firstDamage?.reason)
    #expect(integrity.firstDamage?.kind == .framing)
    #expect(reason.unicodeScalars.count == LogDamage.maxReasonScalars)
    #expect(reason.hasPrefix("not a record: unknown line kind") && reason.hasSuffix("kkk…"), "\(reason)")
  }

  /// A line too long to read is skipped, as the reader refuses it, and the lines after it are read.
  @Test func aLineLongerThanTheMostAReaderTakesIsSkipped() throws {
    var lines = Self.lines()
    lines[4] = Array(#"{"seq":4,"t":1,"origin":"send","action":{"type":{"_0":""#.utf8)
      + [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
    let file = try write(lines)
    let scan = try LogIntegrityScan(file: file, maxDetailed: 20, chunkSize: 4096, maxLineBytes: 2 << 20)
    var seqs: [UInt64] = []
    while let record = try scan.next() {
      if case .event(let event) = record { seqs.append(event.seq) }
    }
    #expect(scan.integrity.damage.map(\.line) == [5])
    #expect(scan.integrity.firstDamage?.kind == .framing)
    #expect(scan.integrity.firstDamage?.reason.contains("longer than 2097152 bytes") == true)
    #expect(seqs == [1, 2, 3] + Array(5...12))
  }
}
