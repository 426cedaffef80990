import Foundation
import InternalTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import EventLog
@testable import StoreCore

/// Every way a file can fail to be a good log gets an error that names the file, the line and
/// the seq where it can.
struct LogReaderErrorTests {
  let folder = TemporaryFolder()

  func replayError(_ log: HandWrittenLog, feature: String? = nil) throws -> LogReadError? {
    let file = folder.file()
    try log.write(to: file)
    return replayError(file, feature: feature)
  }

  func replayError(_ file: URL, feature: String? = nil) -> LogReadError? {
    #expect(throws: LogReadError.self) {
      try Replayer(reducer: Probe()).replay(file: file, feature: feature)
    }
  }

  @Test func aMissingFileNamesThePath() {
    let error = replayError(folder.file("missing.log"))
    #expect(error?.kind == .unreadable)
    #expect(error?.description == "\(folder.file("missing.log").path): cannot open: No such file or directory")
  }

  @Test func anEmptyFileIsNotALog() throws {
    try Data().write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .empty)
    #expect(error?.description.hasSuffix("events.log: the file is empty, not an event log") == true)
  }

  @Test func aDirectoryIsNotALog() {
    let error = replayError(folder.url)
    #expect(error?.kind == .isDirectory)
    #expect(error?.description.hasSuffix("is a directory, not an event log") == true)
  }

  /// A FIFO is refused without waiting for a writer: no writer ever opens this one, and on
  /// the old code the reader's `open` waited for one for ever (`refold check` looks at the path
  /// first, but it could be swapped for a FIFO between the look and the open).
  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let fifo = folder.file("pipe.log")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let error = replayError(fifo)
    #expect(error?.kind == .unreadable)
    #expect(error?.description == "\(fifo.path): is a FIFO, not an event log: it was not read")
  }

  /// A device never ends: refused as well.
  @Test func aDeviceIsRefused() {
    let error = replayError(URL(fileURLWithPath: "/dev/zero"))
    #expect(error?.kind == .unreadable)
    #expect(error?.description == "/dev/zero: is a device, not an event log: it was not read")
  }

  @Test func randomBytesAreNotALog() throws {
    var rng = SplitMix64(seed: 7)
    let bytes = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    try Data(bytes + [0x0A]).write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .notALog)
    #expect(error?.line == 1)
  }

  @Test func randomBytesWithoutANewlineAreNotALogEither() throws {
    try Data("\u{1}\u{2}garbage".utf8).write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .badHeader)
    #expect(error?.description.contains("events.log:1: the header line is incomplete") == true)
  }

  @Test(arguments: [#"{"a":1}"#, #"[1,2,3]"#, #"{"format":"other"}"#])
  func validJSONThatIsNotALogIsSaidToBeNotALog(json: String) throws {
    try Data((json + "\n").utf8).write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .notALog)
    #expect(error?.description.contains("events.log:1: not a Refold event log") == true)
  }

  @Test func jsonWithAValidChecksumButNoFormatIsNotALog() throws {
    var log = HandWrittenLog()
    log.lines[0] = #"{"hello":"world""#
    let error = try replayError(log)
    #expect(error?.kind == .notALog)
  }

  @Test func aHeaderForAnotherFeatureIsRefusedWhenAFeatureIsAskedFor() throws {
    let error = try replayError(HandWrittenLog(feature: "signIn"), feature: "probe")
    #expect(error?.kind == .featureMismatch)
    #expect(error?.line == 1)
    #expect(error?.description.hasSuffix(#"events.log:1: the log is for feature "signIn", not "probe""#) == true)
  }

  @Test func aHeaderWithAnotherSchemaIsRefusedWhenASchemaIsAskedFor() throws {
    let log = folder.file()
    try HandWrittenLog(schema: 7).write(to: log)
    #expect(throws: Never.self) { try LogReader(file: log, feature: "probe") }
    #expect(throws: Never.self) { try LogReader(file: log, schema: 7) }
    let error = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Probe()).replay(file: log, feature: "probe", schema: 1)
    }
    #expect(error?.kind == .schemaMismatch)
    #expect(error?.line == 1)
    #expect(error?.description.hasSuffix(#"events.log:1: the log was recorded with schema 7 of "probe", a later one than this build's schema 1; read it with the build that wrote it"#) == true)
  }

  @Test func anUnknownFormatVersionIsNamed() throws {
    let error = try replayError(HandWrittenLog(version: 2))
    #expect(error?.kind == .unsupportedVersion)
    #expect(error?.description.hasSuffix("events.log:1: unsupported format version 2 (this reader knows version 1)") == true)
  }

  @Test func aHeaderMissingAFieldNamesTheField() throws {
    var log = HandWrittenLog()
    log.lines[0] = log.lines[0].replacingOccurrences(of: #""feature":"probe","#, with: "")
    let error = try replayError(log)
    #expect(error?.kind == .badHeader)
    #expect(error?.description.contains(#"the header has no string "feature""#) == true)
  }

  @Test func aHeaderWithADamagedChecksumIsACorruptHeaderNotANonLog() throws {
    var bytes = HandWrittenLog().bytes
    bytes[30] ^= 0x01
    try Data(bytes).write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .checksumMismatch)
    #expect(error?.line == 1)
  }

  @Test func anActionCaseTheReducerDoesNotHaveNamesLineSeqAndCase() throws {
    var log = HandWrittenLog()
    log.event(1)
    log.event(2, #"{"textChange":{"_0":"1234"}}"#)
    let error = try replayError(log)
    #expect(error?.kind == .undecodableAction)
    #expect(error?.line == 3)
    #expect(error?.seq == 2)
    #expect(error?.description.contains(#"events.log:3 (seq 2): cannot decode the action: unknown case "textChange""#) == true)
  }

  @Test func anActionWithAPayloadOfTheWrongTypeNamesThePath() throws {
    var log = HandWrittenLog()
    log.event(1, #"{"add":{"_0":"12"}}"#)
    let error = try replayError(log)
    #expect(error?.kind == .undecodableAction)
    #expect(error?.description.contains("events.log:2 (seq 1): cannot decode the action:") == true)
    #expect(error?.description.contains("add._0") == true)
  }

  @Test func aSeqGapNamesTheMissingSeqs() throws {
    var log = HandWrittenLog()
    log.event(1)
    log.event(2)
    log.event(5)
    let error = try replayError(log)
    #expect(error?.kind == .seqOutOfOrder)
    #expect(error?.description.hasSuffix("events.log:4 (seq 5): seq 5 follows seq 2: seqs 3…4 are missing") == true)
  }

  @Test func aRepeatedSeqIsAnError() throws {
    var log = HandWrittenLog()
    log.event(1)
    log.event(1)
    let error = try replayError(log)
    #expect(error?.kind == .seqOutOfOrder)
    #expect(error?.line == 3)
    #expect(error?.description.contains("seq 1 repeats") == true)
  }

  @Test func theFirstEventMustBeSeq1() throws {
    var log = HandWrittenLog()
    log.event(2)
    let error = try replayError(log)
    #expect(error?.kind == .seqOutOfOrder)
    #expect(error?.description.contains("seq 1 is missing") == true)
  }

  @Test func aCheckpointForAnotherSeqIsOutOfPlace() throws {
    var log = HandWrittenLog()
    log.event(1)
    log.add(#"{"checkpoint":2,"digest":"0000000000000000""#)
    let error = try replayError(log)
    #expect(error?.kind == .checkpointOutOfPlace)
    #expect(error?.description.hasSuffix("events.log:3 (after seq 1): checkpoint 2 is out of place: it follows event seq 1") == true)
  }

  @Test func aMissingIntervalCheckpointIsNoticedAtTheNextEvent() throws {
    var log = HandWrittenLog(checkpointInterval: 2)
    log.event(1)
    log.event(2)
    log.event(3)
    let error = try replayError(log)
    #expect(error?.kind == .checkpointOutOfPlace)
    #expect(error?.line == 4)
    #expect(error?.description.contains("the checkpoint for seq 2 is missing") == true)
  }

  @Test(arguments: [
    (#"{"note":"hello""#, LogReadError.Kind.unknownLineKind, "unknown line kind"),
    (#"{"format":"refold-log","version":1"#, .unknownLineKind, "a second header line"),
    (#"{"seq":1,"t":1,"origin":"send","action":{"#, .malformedLine, "invalid JSON"),
    (#"{"seq":0,"t":1,"origin":"send","action":{}"#, .malformedLine, #""seq" is not a positive integer"#),
    (#"{"seq":1,"t":"now","origin":"send","action":{}"#, .malformedLine, #"no number "t""#),
    (#"{"seq":1,"t":1,"origin":"timer","action":{}"#, .malformedLine, #""origin" is not "send" or "effect""#),
    (#"{"seq":1,"t":1,"origin":"send""#, .malformedLine, #"no "action""#),
    (#"{"checkpoint":0,"digest":"XYZ""#, .malformedLine, "16 lowercase hex digits"),
    (#"{"checkpoint":0,"digest":"0000000000000000","fields":["total"]"#, .malformedLine, #""fields" is not an object"#),
    (#"{"checkpoint":0,"digest":"0000000000000000","fields":{"total":"XYZ"}"#, .malformedLine,
     #""fields": "total" is not 16 lowercase hex digits"#),
  ])
  func aLineWithAGoodChecksumButBadContentIsNamed(payload: String, kind: LogReadError.Kind, message: String) throws {
    var log = HandWrittenLog()
    log.add(payload)
    let error = try replayError(log)
    #expect(error?.kind == kind)
    #expect(error?.line == 2)
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }

  @Test func aChecksumMismatchInTheMiddleNamesLineAndSeq() throws {
    var log = HandWrittenLog()
    for seq in 1...5 as ClosedRange<UInt64> { log.event(seq) }
    var bytes = log.bytes
    let starts = lineStarts(bytes)
    bytes[starts[3] + 30] ^= 0x04  // inside event 3
    try Data(bytes).write(to: folder.file())
    let error = replayError(folder.file())
    #expect(error?.kind == .checksumMismatch)
    #expect(error?.description.contains("events.log:4 (seq 3): checksum mismatch: the line says") == true)
  }

  @Test func theReaderStreamsALogLongerThanItsChunk() throws {
    var log = HandWrittenLog(checkpointInterval: 10_000, initialState: #"{"text":"\#(String(repeating: "가", count: 2000))"}"#)
    for seq in 1...3000 as ClosedRange<UInt64> { log.event(seq, #"{"type":{"_0":"\#(seq)"}}"#) }
    try log.write(to: folder.file())
    let reader = try LogReader(file: folder.file(), chunkSize: 4096)
    var count = 0
    while let record = try reader.next() {
      if case .event = record { count += 1 }
    }
    #expect(count == 3000)
    #expect(reader.bytesRead == reader.totalBytes)
    #expect(reader.lastSeq == 3000)
  }
}
