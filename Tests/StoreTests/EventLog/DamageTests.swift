import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// Every single-byte change to a small log is detected and reported with its line; every
/// truncation inside its last three lines keeps every complete line before the cut.
// NB: not @MainActor: its loops run for seconds without suspending, and on the main actor they
//     would hold up every other test that needs it (the TestStore tests time out).
struct DamageTests {
  /// 13 events, checkpoints at 4 and 12, a snapshot at 8, and the final snapshot at 13.
  func smallLog() async throws -> (folder: TemporaryFolder, bytes: [UInt8], live: [Probe.State]) {
    let folder = TemporaryFolder()
    let file = folder.file()
    var rng = SplitMix64(seed: 99)
    let actions = (0..<13).map { _ in ProbeValues.action(&rng) }
    let live = try await recordProbe(
      actions, to: file, options: RecorderOptions(fsync: .never, checkpointInterval: 4, snapshotInterval: 8))
    return (folder, Array(try Data(contentsOf: file)), live)
  }

  /// The seq of the last event among the first `lines` lines.
  func lastSeq(inFirst lines: Int, of bytes: [UInt8]) throws -> UInt64 {
    var seq: UInt64 = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(lines).dropFirst() {
      let payload = ContiguousArray(line)
      if LogLineParser.hasPrefix(payload.span, LogLineParser.Token.seq) {
        seq = LogLineParser.leadingSeq(payload.span) ?? seq
      }
    }
    return seq
  }

  @Test func flippingAnySingleByteIsReportedWithItsLine() async throws {
    let (folder, original, live) = try await smallLog()
    let file = folder.file("damaged.log")
    let lineCount = original.filter { $0 == 0x0A }.count
    #expect(lineCount == 1 + 13 + 3 + 1)
    var detected = 0
    var tornWarnings = 0
    // Every byte, or a sample where REFOLD_TEST_STRIDE is set (TestStride): always the last, the torn tail.
    let offsets = TestStride.sample(original.indices)
    for offset in offsets {
      await Task.yield()  // share the thread: this loop replays thousands of logs
      for change in [{ (b: UInt8) in b ^ 0x01 }, { b in b ^ 0xFF }, { _ in 0x0A }] {
        var bytes = original
        bytes[offset] = change(bytes[offset])
        guard bytes != original else { continue }
        try Data(bytes).write(to: file)
        let line = lineNumber(ofByte: offset, in: original)
        do {
          let result = try Replayer(reducer: Probe()).replay(file: file)
          // Only the last line may go: a changed final newline makes it a torn tail.
          #expect(line == lineCount, "byte \(offset) (line \(line)) changed and replay succeeded")
          #expect(result.warnings.count == 1)
          #expect(result.warnings.first?.contains("damaged.log:\(lineCount): dropped a torn last line") == true)
          #expect(result.lastSeq == 13)
          #expect(result.state == Redaction.apply(live[13]))
          tornWarnings += 1
        } catch let error as LogReadError {
          #expect(error.line == line, "byte \(offset): \(error)")
          #expect(error.description.contains("damaged.log:\(line)"))
          detected += 1
        }
      }
    }
    #expect(detected > offsets.count * 2)
    #expect(tornWarnings >= 1)
  }

  @Test func truncatingAnywhereInTheLastThreeLinesKeepsEveryCompleteLineBefore() async throws {
    let (folder, original, live) = try await smallLog()
    let file = folder.file("cut.log")
    let starts = lineStarts(original)
    let firstCut = starts[starts.count - 3]
    for cut in firstCut...original.count {
      await Task.yield()
      let bytes = Array(original[..<cut])
      try Data(bytes).write(to: file)
      let completeLines = bytes.filter { $0 == 0x0A }.count
      let expectedSeq = try lastSeq(inFirst: completeLines, of: original)
      let result = try Replayer(reducer: Probe()).replay(file: file)
      #expect(result.lastSeq == expectedSeq, "cut at \(cut)")
      #expect(result.state == Redaction.apply(live[Int(expectedSeq)]), "cut at \(cut)")
      if bytes.last == 0x0A {
        #expect(result.warnings.isEmpty, "cut at \(cut)")
      } else {
        #expect(result.warnings.count == 1, "cut at \(cut)")
        #expect(result.warnings.first?.contains("cut.log:\(completeLines + 1): dropped a torn last line") == true)
      }
      let (records, _) = try readAll(file)
      #expect(records.count == completeLines, "cut at \(cut)")
    }
  }

  @Test func aRunOfNulBytesAfterTheLastLineIsATornTail() async throws {
    let (folder, original, live) = try await smallLog()
    let file = folder.file("nul.log")
    try Data(original + [UInt8](repeating: 0, count: 4096)).write(to: file)
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.state == Redaction.apply(live[13]))
    #expect(result.warnings.first?.contains("nul.log:19: dropped a torn last line (4096 NUL bytes") == true)
  }

  @Test func aDeletedLineIsNoticedBySeqOrCheckpointOrder() async throws {
    let (folder, original, _) = try await smallLog()
    let file = folder.file("gap.log")
    let lines = original.split(separator: 0x0A).map { Array($0) + [0x0A] }
    for index in 1..<(lines.count - 1) {
      var kept = lines
      kept.remove(at: index)
      try Data(kept.joined()).write(to: file)
      #expect(throws: LogReadError.self, "line \(index + 1) removed") {
        try Replayer(reducer: Probe()).replay(file: file)
      }
    }
  }
}
