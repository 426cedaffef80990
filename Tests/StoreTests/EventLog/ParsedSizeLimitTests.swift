import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// A line whose JSON would take more memory parsed than a reader allows
/// (`LogJSONDecoder.maxParsedBytes`, 64 MiB) is refused before it is parsed, by every reader,
/// with an error that names the file, the line, the limit and how to raise it (issue 54).
@MainActor
struct ParsedSizeLimitTests {
  let folder = TemporaryFolder()

  /// 3.3 MB of `[{},{},…]` as the second event's action: about 76 MiB parsed by the estimate.
  static let amplified = #"{"type":{"_0":["# + Array(repeating: "{}", count: 1_100_000).joined(separator: ",") + "]}}"

  /// Three events, the second one `amplified`, on line 3.
  func log() throws -> URL {
    var log = HandWrittenLog()
    log.event(1, #"{"type":{"_0":"one"}}"#)
    log.event(2, Self.amplified)
    log.event(3, #"{"type":{"_0":"three"}}"#)
    let file = folder.file()
    try log.write(to: file)
    return file
  }

  func expectRefusal(_ error: LogReadError?, _ file: URL, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error?.kind == .lineTooLarge, sourceLocation: sourceLocation)
    #expect(error?.line == 3, sourceLocation: sourceLocation)
    #expect(error?.seq == 2, sourceLocation: sourceLocation)
    let message = error.map(String.init(describing:)) ?? ""
    #expect(message.hasPrefix("\(file.path):3 (seq 2): the line is too large to read: its "), sourceLocation: sourceLocation)
    #expect(
      message.hasSuffix("more than the 64 MiB allowed; REFOLD_MAX_PARSED_BYTES=BYTES raises the limit"), "\(message)",
      sourceLocation: sourceLocation)
  }

  @Test func theReaderRefusesTheLineByItsParsedSize() throws {
    let file = try log()
    let reader = try LogReader(file: file)
    var events = 0
    let error = #expect(throws: LogReadError.self) {
      while let record = try reader.next() {
        if case .event = record { events += 1 }
      }
    }
    #expect(events == 1)
    expectRefusal(error, file)
  }

  @Test(arguments: [Replayer<Probe>.Reading.sequential, .parallel(workers: 2, chunkSize: 4096)])
  func replayRefusesTheLineTheSameWayWhetherItReadsInParallelOrNot(reading: Replayer<Probe>.Reading) throws {
    let file = try log()
    var replayer = Replayer(reducer: Probe())
    replayer.reading = reading
    let error = #expect(throws: LogReadError.self) { try replayer.replay(file: file) }
    expectRefusal(error, file)
  }

  /// `inspect`'s scan notes the line as damage and reads on.
  @Test func theIntegrityScanNotesTheLineAndReadsOn() throws {
    let file = try log()
    let scan = try LogIntegrityScan(file: file, maxDetailed: 20)
    var seqs: [UInt64] = []
    while let record = try scan.next() {
      if case .event(let event) = record { seqs.append(event.seq) }
    }
    #expect(seqs == [1, 3])
    let damage = try #require(scan.integrity.firstDamage)
    #expect(damage.line == 3 && damage.kind == .framing)
    #expect(damage.reason.hasPrefix("the line is too large to read: its "), "\(damage.reason)")
  }
}
