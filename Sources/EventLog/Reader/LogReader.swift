public import Foundation
import JSONCodec

/// Reads an event log line by line, checking every line's checksum and the order of the seqs,
/// with memory bounded by one chunk whatever the size of the file.
///
/// ```swift
/// let reader = try LogReader(file: url)
/// print(reader.header.feature)
/// while let record = try reader.next() {
///   if case .event(let event) = record { print(event.seq, event.actionName ?? "?") }
/// }
/// print(reader.warnings)   // e.g. a torn last line that was dropped
/// ```
///
/// The first record is the header. A torn last line (bytes after the final newline: the writer
/// stopped mid-line) is dropped with a warning in ``warnings``, and every complete line before
/// it is returned. Anything else that is wrong is a ``LogReadError`` naming the line and seq.
public final class LogReader {
  /// The path errors and warnings name.
  public let path: String
  /// The first line.
  public let header: LogHeader
  /// What was dropped or tolerated, one line each, e.g.
  /// `events.log:1043: dropped a torn last line (57 bytes with no newline; …)`.
  public private(set) var warnings: [String] = []
  /// The size of the file when it was opened.
  public var totalBytes: Int { stream.totalBytes }
  /// How many bytes have been read as complete lines so far.
  public var bytesRead: Int { stream.bytesConsumed }
  /// The seq of the last event returned.
  public var lastSeq: UInt64 { sequence.lastSeq }
  /// The number of the last line returned.
  public var lineNumber: Int { stream.lineNumber }
  /// The line buffer's size, for the tests of bounded memory.
  var bufferCapacity: Int { stream.bufferCapacity }

  /// Events up to this seq come back with a `.null` action, unparsed: replay skips them when it
  /// starts from a snapshot. Their checksums and seqs are still checked.
  var skipActionsThrough: UInt64 = 0
  /// The bytes of the action ``next(reading:)`` hands its reader, kept from one event to the next.
  private var actionBuffer = ContiguousArray<UInt8>()
  /// `false` leaves events' `t` at 0 (replay does not use it, and parsing it costs).
  var parsesTime = true

  private let stream: LineStream
  private let parser = LogLineParser()
  private var sequence: LogSequence
  private var headerPending = true
  private var finished = false

  /// Opens `file` and reads its header.
  ///
  /// - Parameters:
  ///   - file: the event log.
  ///   - feature: when given, a header for another feature is an error.
  ///   - schema: when given, a header with another schema version is an error.
  ///   - chunkSize: how many bytes are read from the file at a time.
  public convenience init(
    file: URL, feature: String? = nil, schema: Int? = nil, chunkSize: Int = 1 << 20
  ) throws(LogReadError) {
    try self.init(file: file, feature: feature, schema: schema, chunkSize: chunkSize, maxLineBytes: LineEndScan.maxLineBytes)
  }

  /// With a smaller longest line than ``LineEndScan/maxLineBytes``, for tests.
  init(file: URL, feature: String?, schema: Int?, chunkSize: Int, maxLineBytes: Int) throws(LogReadError) {
    let path = LogReadError.displayPath(file)
    self.path = path
    stream = try LineStream(url: file, path: path, chunkSize: chunkSize, maxLineBytes: maxLineBytes)
    header = try Self.header(of: stream, parser: parser)
    if let feature, header.feature != feature {
      throw LogReadError(
        .featureMismatch, file: path, line: 1,
        message: "the log is for feature \"\(header.feature)\", not \"\(feature)\"")
    }
    if let schema, header.schema != schema {
      throw LogReadError(
        .schemaMismatch, file: path, line: 1,
        message: "the log was recorded with schema \(header.schema) of \"\(header.feature)\"; this build reads schema \(schema)")
    }
    sequence = LogSequence(checkpointInterval: header.checkpointInterval)
  }

  /// The next record (the header first), or `nil` after the last complete line.
  public func next() throws(LogReadError) -> LogRecord? {
    if headerPending {
      headerPending = false
      return .header(header)
    }
    guard let (line, number) = try nextLine() else { return nil }
    return try record(line.span, number: number)
  }

  /// ``next()`` for replay: an event line as this package writes it hands its action's bytes to
  /// `read` first (``LogDecodable``). When that reads the action, the event comes back with a
  /// `.null` action, never parsed, and the action beside it; otherwise as ``next()`` returns it.
  package func next<Action>(
    reading read: ActionBytesReader<Action>
  ) throws(LogReadError) -> (record: LogRecord, action: Action?)? {
    if headerPending {
      headerPending = false
      return (.header(header), nil)
    }
    guard let (line, number) = try nextLine() else { return nil }
    let bytes = line.span
    if let event = parser.rawEvent(bytes), event.seq > skipActionsThrough,
      let action = read(bytes.extracting(event.action), &actionBuffer)
    {
      let record = LogRecord.event(
        LogEvent(seq: event.seq, t: parsesTime ? event.t : 0, origin: event.origin, action: .null, line: number))
      try sequence.accept(record, path: path, line: number)
      return (record, action)
    }
    return (try record(line.span, number: number), nil)
  }

  /// The next complete line and its number; `nil` after the last, with a torn tail's warning.
  private func nextLine() throws(LogReadError) -> (line: UnsafeBufferPointer<UInt8>, number: Int)? {
    guard !finished else { return nil }
    guard let line = try stream.nextLine() else {
      finished = true
      if let torn = stream.tornTail {
        warnings.append(
          Self.tornTailWarning(path: path, line: torn.line, byteCount: torn.byteCount, allZero: torn.allZero))
      }
      return nil
    }
    return (line, stream.lineNumber)
  }

  private func record(_ line: Span<UInt8>, number: Int) throws(LogReadError) -> LogRecord {
    let record: LogRecord
    do {
      record = try parser.record(
        line, number: number, skipActionsThrough: skipActionsThrough, parseTime: parsesTime)
    } catch {
      throw failure(error, line: line, number: number)
    }
    try sequence.accept(record, path: path, line: number)
    return record
  }

  /// Goes on at the line that starts at byte `offset` of the file, line `line`, which holds the
  /// event `seq`: the lines before it are neither read nor checked. For a caller that has
  /// indexed the log (`refold devtools` replays to any seq from the nearest snapshot this way).
  package func seek(toEventAt offset: Int, line: Int, seq: UInt64) throws(LogReadError) {
    try stream.seek(toLineAt: offset, line: line)
    // Whatever checkpoint the event before it needed was before this line.
    sequence.resume(at: seq - 1, checkpointed: true)
    finished = false
  }

  /// The ordering rules' state after the lines read so far, for a reader that goes on from here.
  var sequenceSoFar: LogSequence { sequence }

  /// Reads the first line of `stream` as the header: a log without one has nothing to read.
  static func header(of stream: LineStream, parser: LogLineParser) throws(LogReadError) -> LogHeader {
    let path = stream.path
    guard let first = try stream.nextLine() else {
      if let torn = stream.tornTail {
        let looksLikeHeader = torn.byteCount > 0 && !torn.allZero
        throw LogReadError(
          looksLikeHeader ? .badHeader : .empty, file: path, line: 1,
          message: torn.allZero
            ? "no header: the file holds only \(torn.byteCount) NUL bytes"
            : "the header line is incomplete (no newline): either the recorder stopped while creating the log, or this is not an event log")
      }
      throw LogReadError(.empty, file: path, message: "the file is empty, not an event log")
    }
    do {
      return try parser.header(first.span)
    } catch {
      throw LogReadError(error.kind, file: path, line: 1, message: error.message)
    }
  }

  private func failure(_ problem: LogLineParser.Problem, line: Span<UInt8>, number: Int) -> LogReadError {
    sequence.failure(problem, leadingSeq: LogLineParser.leadingSeq(line), path: path, line: number)
  }

  /// The warning for a torn last line.
  static func tornTailWarning(path: String, line: Int, byteCount: Int, allZero: Bool) -> String {
    let what = allZero ? "\(byteCount) NUL bytes" : "\(byteCount) bytes with no newline"
    return "\(path):\(line): dropped a torn last line (\(what); the writer stopped mid-line). The \(line - 1) complete lines before it are kept."
  }
}
