import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// What a scan says about replay is what replay does: it stops at the scan's first damaged line,
/// and with the `until` the scan offers it folds the intact part, on both reading paths. One
/// seq more is too many: replay must read the event after `until`, and that one is damaged.
// NB: not @MainActor: the loop replays thousands of logs (DamageTests says why).
struct LogIntegrityReplayTests {
  static let readings: [Replayer<Probe>.Reading] = [.sequential, .parallel(workers: 2, chunkSize: 64)]

  func replay(_ file: URL, until: UInt64? = nil, _ reading: Replayer<Probe>.Reading = .sequential) throws -> ReplayResult<Probe.State> {
    var replayer = Replayer(reducer: Probe())
    replayer.reading = reading
    return try replayer.replay(file: file, until: until)
  }

  @Test func everySingleFlippedByteIsWhereReplayStopsAndTheOfferedUntilReplays() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    var rng = SplitMix64(seed: 15)
    let live = try await recordProbe(
      (0..<13).map { _ in ProbeValues.action(&rng) }, to: file,
      options: RecorderOptions(fsync: .never, checkpointInterval: 4, snapshotInterval: 8))
    let original = Array(try Data(contentsOf: file))
    let headerEnd = original.firstIndex(of: 0x0A)! + 1
    var offered = 0
    // Every byte after the header, or a sample where REFOLD_TEST_STRIDE is set (TestStride).
    let offsets = TestStride.sample(headerEnd..<original.count)
    for offset in offsets {
      await Task.yield()  // share the thread
      var bytes = original
      bytes[offset] ^= 0x01
      try Data(bytes).write(to: file)

      let scan = try LogIntegrityScan(file: file)
      while try scan.next() != nil {}
      let integrity = scan.integrity
      let stop: Int?
      do {
        _ = try replay(file)
        stop = nil
      } catch let error as LogReadError {
        stop = error.line
      }
      #expect(integrity.firstDamage?.line == stop, "byte \(offset): \(integrity.damage)")
      guard let until = integrity.replayUntil else { continue }
      offered += 1
      for reading in Self.readings {
        let result = try replay(file, until: until, reading)
        #expect(result.lastSeq == until, "byte \(offset), \(reading)")
        #expect(result.state == Redaction.apply(live[Int(until)]), "byte \(offset), \(reading)")
      }
      #expect(throws: LogReadError.self, "byte \(offset)") { try replay(file, until: integrity.lastIntactSeq) }
    }
    // More than half the file's bytes offer a replay when every byte is walked; a sample must
    // offer one as often.
    #expect(offered * 2 > offsets.count * original.count / (original.count - headerEnd))
  }
}
