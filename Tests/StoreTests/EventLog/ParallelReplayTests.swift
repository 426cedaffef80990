import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// The parallel reader (workers parse and decode chunks, this thread folds them in order) gives
/// what the sequential reader gives: the same results, and the same first error.
@MainActor
struct ParallelReplayTests {
  let folder = TemporaryFolder()

  func replayer(_ reading: Replayer<Probe>.Reading) -> Replayer<Probe> {
    var replayer = Replayer(reducer: Probe())
    replayer.reading = reading
    return replayer
  }

  /// Tiny chunks, so that even a short log is many chunks and lines straddle their edges.
  static let readings: [Replayer<Probe>.Reading] = [
    .parallel(workers: 2, chunkSize: 300), .parallel(workers: 3, chunkSize: 4096), .parallel(workers: 1, chunkSize: 1000),
  ]

  func record(seed: UInt64, count: Int = 400, checkpointInterval: Int = 7) async throws -> URL {
    let file = folder.file("seed-\(seed).log")
    var rng = SplitMix64(seed: seed)
    _ = try await recordProbe(
      (0..<count).map { _ in ProbeValues.action(&rng) }, to: file,
      options: RecorderOptions(fsync: .never, checkpointInterval: checkpointInterval, snapshotInterval: checkpointInterval * 3))
    return file
  }

  /// The outcome of a replay, comparable: the result, or the error's description.
  func outcome(_ replayer: Replayer<Probe>, _ file: URL, until: UInt64? = nil) -> String {
    do {
      let result = try replayer.replay(file: file, until: until)
      return "\(result)"
    } catch {
      return "error: \(error)"
    }
  }

  @Test(arguments: 1...6)
  func randomLogsReplayTheSameOnBothPaths(seed: Int) async throws {
    let file = try await record(seed: UInt64(seed))
    let sequential = outcome(replayer(.sequential), file)
    #expect(!sequential.hasPrefix("error"))
    for reading in Self.readings {
      #expect(outcome(replayer(reading), file) == sequential, "\(reading)")
    }
    for until: UInt64 in [0, 1, 20, 21, 22, 399, 400, 401] {
      let expected = outcome(replayer(.sequential), file, until: until)
      #expect(outcome(replayer(.parallel(workers: 2, chunkSize: 500)), file, until: until) == expected, "until \(until)")
    }
  }

  @Test func progressIsTheSameOnBothPaths() async throws {
    let file = folder.file()
    _ = try await recordProbe((0..<20_000).map { .note("note number \($0)") }, to: file)
    var sequential: [ReplayProgress] = []
    var parallel: [ReplayProgress] = []
    _ = try replayer(.sequential).replay(file: file) { sequential.append($0) }
    _ = try replayer(.parallel(workers: 2, chunkSize: 64 << 10)).replay(file: file) { parallel.append($0) }
    #expect(parallel == sequential)
    #expect(sequential.count >= 2)
  }

  /// Every kind of damage, deep in the file: one byte flipped on each of many lines, a line
  /// deleted, the file cut short. The parallel path reports what the sequential path reports.
  @Test(arguments: 1...3)
  func damageDeepInTheFileIsTheSameErrorOnBothPaths(seed: Int) async throws {
    let file = try await record(seed: UInt64(100 + seed), count: 600)
    let original = Array(try Data(contentsOf: file))
    let starts = lineStarts(original)
    var rng = SplitMix64(seed: UInt64(seed))
    var damaged: [[UInt8]] = []
    for _ in 0..<12 {
      var bytes = original
      let line = Int.random(in: (starts.count / 2)..<starts.count, using: &rng)
      let end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count - 1
      bytes[Int.random(in: starts[line]..<end, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
      damaged.append(bytes)
    }
    var deleted = original
    let line = starts.count * 3 / 4
    deleted.removeSubrange(starts[line]..<starts[line + 1])
    damaged.append(deleted)
    damaged.append(Array(original[..<(original.count - 25)]))  // a torn last line: a warning
    for bytes in damaged {
      try Data(bytes).write(to: file)
      let expected = outcome(replayer(.sequential), file)
      for reading in Self.readings {
        #expect(outcome(replayer(reading), file) == expected, "\(reading)")
      }
    }
  }

  @Test func anUndecodableActionDeepInTheFileNamesItsLineAndSeq() throws {
    var log = HandWrittenLog(checkpointInterval: 100_000)
    for seq in 1...3_000 { log.event(UInt64(seq)) }
    log.event(3_001, #"{"typo":{"_0":"x"}}"#)
    for seq in 3_002...3_100 { log.event(UInt64(seq)) }
    let file = folder.file()
    try log.write(to: file)
    let sequential = #expect(throws: LogReadError.self) {
      try replayer(.sequential).replay(file: file, verify: false)
    }
    let parallel = #expect(throws: LogReadError.self) {
      try replayer(.parallel(workers: 2, chunkSize: 2048)).replay(file: file, verify: false)
    }
    #expect(parallel == sequential)
    #expect(parallel?.kind == .undecodableAction)
    #expect(parallel?.line == 3_002)
    #expect(parallel?.seq == 3_001)
  }

  @Test func aDivergenceNamesTheSameFirstDivergingCheckpoint() async throws {
    let file = folder.file()
    _ = try await recordProbe(
      (1...3_000).map { .add(Int64($0)) }, to: file,
      options: RecorderOptions(fsync: .never, checkpointInterval: 50, snapshotInterval: 500))
    var sequential = Replayer(reducer: DriftedProbe(from: 1_000_000))
    sequential.reading = .sequential
    var parallel = Replayer(reducer: DriftedProbe(from: 1_000_000))
    parallel.reading = .parallel(workers: 2, chunkSize: 1024)
    let expected = #expect(throws: ReplayDivergence.self) { try sequential.replay(file: file) }
    let actual = #expect(throws: ReplayDivergence.self) { try parallel.replay(file: file) }
    #expect(actual == expected)
    #expect(actual?.seq == 1_450)
  }
}
