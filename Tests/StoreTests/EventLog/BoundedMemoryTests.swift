import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// The readers' memory stays bounded whatever follows the last line: a torn tail of megabytes
/// is measured without being buffered, a long line that does end is read whole, and a line
/// longer than the most a reader takes is refused.
@MainActor
struct BoundedMemoryTests {
  let folder = TemporaryFolder()

  /// A log of three events; `tail` is appended after its last newline.
  func log(lastAction: String = "three", tail: [UInt8] = []) throws -> URL {
    var log = HandWrittenLog()
    log.event(1, #"{"type":{"_0":"one"}}"#)
    log.event(2, #"{"type":{"_0":"two"}}"#)
    log.event(3, #"{"type":{"_0":"\#(lastAction)"}}"#)
    let file = folder.file()
    try Data(log.bytes + tail).write(to: file)
    return file
  }

  static let readings: [Replayer<Probe>.Reading] = [
    .sequential, .parallel(workers: 2, chunkSize: 4096),
  ]

  func replay(_ file: URL, _ reading: Replayer<Probe>.Reading) throws -> ReplayResult<Probe.State> {
    var replayer = Replayer(reducer: Probe())
    replayer.reading = reading
    return try replayer.replay(file: file)
  }

  @Test(arguments: [true, false])
  func aTornTailOfMegabytesIsDroppedWithoutBeingBuffered(zeros: Bool) throws {
    var rng = SplitMix64(seed: 11)
    let size = 8 << 20
    // No newline anywhere in it.
    let tail = zeros ? [UInt8](repeating: 0, count: size) : (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next() % 255) &+ (0x0B) }
    let file = try log(tail: tail)

    let reader = try LogReader(file: file, chunkSize: 4096)
    var events = 0
    while let record = try reader.next() {
      if case .event = record { events += 1 }
    }
    #expect(events == 3)
    let what = zeros ? "\(size) NUL bytes" : "\(size) bytes with no newline"
    #expect(reader.warnings == ["\(file.path):5: dropped a torn last line (\(what); the writer stopped mid-line). The 4 complete lines before it are kept."])
    // The scan starts at 1 MiB of partial line (4 chunks, at least 1 MiB): never the 8 MiB.
    #expect(reader.bufferCapacity <= 1 << 20, "buffer grew to \(reader.bufferCapacity) bytes")

    for reading in Self.readings {
      let result = try replay(file, reading)
      #expect(result.lastSeq == 3, "\(reading)")
      #expect(result.state.text == "three", "\(reading)")
      #expect(result.warnings.count == 1 && result.warnings[0].contains(what), "\(reading): \(result.warnings)")
    }
  }

  @Test func aLongLineThatEndsIsReadWhole() throws {
    let long = String(repeating: "가나다", count: 400_000)  // 3.6 MB of UTF-8
    let file = try log(lastAction: long)
    for reading in Self.readings {
      let result = try replay(file, reading)
      #expect(result.lastSeq == 3, "\(reading)")
      #expect(result.state.text == long, "\(reading)")
      #expect(result.warnings.isEmpty, "\(reading): \(result.warnings)")
    }
  }

  /// A torn tail longer than the longest line a reader takes is still a torn tail: the three
  /// lines before it replay (it used to reject the whole log).
  @Test func aTornTailLongerThanTheMostAReaderTakesIsDroppedLikeAnyOther() throws {
    let size = 3 << 20
    let file = try log(tail: [UInt8](repeating: UInt8(ascii: "x"), count: size))
    let reader = try LogReader(file: file, feature: nil, schema: nil, chunkSize: 4096, maxLineBytes: 2 << 20)
    var events = 0
    while let record = try reader.next() {
      if case .event = record { events += 1 }
    }
    #expect(events == 3)
    #expect(reader.warnings.count == 1 && reader.warnings[0].contains("\(size) bytes with no newline"), "\(reader.warnings)")
    #expect(reader.bufferCapacity <= 2 << 20)
  }

  @Test func aLineLongerThanTheMostAReaderTakesIsRefused() throws {
    let file = try log(lastAction: String(repeating: "x", count: 3 << 20))
    let reader = try LogReader(file: file, feature: nil, schema: nil, chunkSize: 4096, maxLineBytes: 2 << 20)
    let error = #expect(throws: LogReadError.self) {
      while try reader.next() != nil {}
    }
    #expect(error?.kind == .malformedLine)
    #expect(error?.line == 4)
    #expect(error?.message.contains("is longer than 2097152 bytes, the most a reader takes") == true, "\(String(describing: error))")
    #expect(reader.bufferCapacity <= 2 << 20)
  }
}
