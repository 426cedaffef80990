public import Foundation

/// Reads a log as ``LogReader`` does, but goes on past damage: a line that the reader would
/// stop at (a bad checksum, bad framing, invalid JSON, a seq out of order, a checkpoint out of
/// place) is noted in ``integrity`` and skipped, and the scan carries on with the next line.
///
/// ```swift
/// let scan = try LogIntegrityScan(file: url)
/// while let record = try scan.next() {
///   if case .event(let event) = record { print(event.seq) }   // only lines that read well
/// }
/// for damage in scan.integrity.damage { print(damage) }      // line 1043 (seq 1042): checksum: …
/// ```
///
/// The checks are the reader's own (`LogLineParser`, `LogSequence`), so the first damaged line
/// is the line the reader, and replay, stop at. After damage the scan takes up the order again
/// from what it finds, so that one gap or one lost line is one finding, not one per line after
/// it: an event after a gap continues from its own seq, and a gap no wider than the unreadable
/// lines just before it is put down to them (they held those events, or their checkpoints).
///
/// A header that cannot be read is still an error, as is a file that cannot be read: there is
/// nothing to scan. A torn last line is dropped with a warning (``warnings``), as the reader
/// does. Memory stays bounded: a chunk of the file, and ``LogIntegrity/maxDetailed`` findings.
public final class LogIntegrityScan {
  /// The path findings and warnings name.
  public let path: String
  /// The first line.
  public let header: LogHeader
  /// What was found so far; all of it once ``next()`` has returned `nil`.
  public private(set) var integrity: LogIntegrity
  /// What was dropped or tolerated, as ``LogReader/warnings``.
  public private(set) var warnings: [String] = []
  /// The size of the file when it was opened.
  public var totalBytes: Int { stream.totalBytes }

  private let stream: LineStream
  private let parser = LogLineParser()
  private var sequence: LogSequence
  private var headerPending = true
  private var finished = false
  /// Lines that did not read since the last event: what a gap right after them may be.
  private var unreadableLines: UInt64 = 0

  /// Opens `file` and reads its header.
  ///
  /// - Parameters:
  ///   - file: the event log.
  ///   - maxDetailed: how many damaged lines ``integrity`` keeps in detail.
  public convenience init(file: URL, maxDetailed: Int = 20) throws(LogReadError) {
    try self.init(file: file, maxDetailed: maxDetailed, chunkSize: 1 << 20, maxLineBytes: LineEndScan.maxLineBytes)
  }

  /// With a smaller longest line than ``LineEndScan/maxLineBytes``, for tests.
  init(file: URL, maxDetailed: Int, chunkSize: Int, maxLineBytes: Int) throws(LogReadError) {
    path = LogReadError.displayPath(file)
    stream = try LineStream(url: file, path: path, chunkSize: chunkSize, maxLineBytes: maxLineBytes)
    header = try LogReader.header(of: stream, parser: parser)
    sequence = LogSequence(checkpointInterval: header.checkpointInterval)
    integrity = LogIntegrity(maxDetailed: maxDetailed)
  }

  /// The next record that reads well (the header first), or `nil` after the last line. The
  /// damaged lines on the way are in ``integrity``.
  ///
  /// - Throws: only when the file cannot be read any more (an I/O error).
  public func next() throws(LogReadError) -> LogRecord? {
    if headerPending {
      headerPending = false
      return .header(header)
    }
    while !finished {
      let line: UnsafeBufferPointer<UInt8>?
      do {
        line = try stream.nextLine()
      } catch where error.kind == .malformedLine {
        // A line too long to read: the stream has skipped it.
        unreadable(.framing, error.message, seq: nil, line: stream.lineNumber)
        continue
      }
      guard let line else {
        finish()
        return nil
      }
      let number = stream.lineNumber
      let record: LogRecord
      do {
        record = try parser.record(line.span, number: number)
      } catch {
        let (kind, reason) = Self.describe(error)
        unreadable(kind, reason, seq: LogLineParser.leadingSeq(line.span), line: number)
        continue
      }
      switch record {
      case .event(let event):
        place(event: event.seq, line: number)
        integrity.readable(event.seq)
      case .checkpoint(let checkpoint):
        place(checkpoint: checkpoint.seq, line: number)
      case .header:
        break
      }
      return record
    }
    return nil
  }

  private func finish() {
    finished = true
    if let torn = stream.tornTail {
      warnings.append(LogReader.tornTailWarning(path: path, line: torn.line, byteCount: torn.byteCount, allZero: torn.allZero))
    }
  }

  private func unreadable(_ kind: LogDamage.Kind, _ reason: String, seq: UInt64?, line: Int) {
    unreadableLines += 1
    note(kind, reason, seq: seq, line: line)
  }

  private func note(_ kind: LogDamage.Kind, _ reason: String, seq: UInt64?, line: Int) {
    integrity.note(LogDamage(line: line, kind: kind, reason: reason, seq: seq, afterSeq: integrity.lastReadableSeq))
  }

  /// Checks the event's place as the reader does; a break is noted unless the unreadable lines
  /// just before it account for it, and the order goes on from this event.
  private func place(event seq: UInt64, line: Int) {
    defer { unreadableLines = 0 }
    do {
      try sequence.event(seq)
    } catch {
      switch error {
      case .checkpoint(let message):
        // The missing checkpoint may be one of the unreadable lines: noted when none came between.
        if unreadableLines == 0 { note(.checkpoint, message, seq: seq, line: line) }
        sequence.resume(at: sequence.lastSeq, checkpointed: true)
        // Once more for the seq, which the reader checks after the checkpoint.
        place(event: seq, line: line)
      case .seq(let message):
        let last = sequence.lastSeq
        let explained = seq > last && seq - last - 1 <= unreadableLines
        if !explained { note(.seq, message, seq: seq, line: line) }
        sequence.resume(at: seq, checkpointed: false)
      }
    }
  }

  /// A checkpoint out of place is noted and passed over, unless it is for one of the events the
  /// unreadable lines just before it held: the order then goes on from it.
  private func place(checkpoint seq: UInt64, line: Int) {
    do {
      try sequence.checkpoint(seq)
    } catch {
      let last = sequence.lastSeq
      if unreadableLines > 0, seq > last, seq - last <= unreadableLines {
        sequence.resume(at: seq, checkpointed: true)
        return
      }
      switch error {
      case .seq(let message), .checkpoint(let message): note(.checkpoint, message, seq: seq, line: line)
      }
    }
  }

  /// The kind and reason of a line that does not parse.
  static func describe(_ problem: LogLineParser.Problem) -> (LogDamage.Kind, String) {
    switch problem {
    case .framing(let defect):
      switch defect {
      case .checksumMismatch: (.checksum, defect.message)
      case .noChecksum: (.framing, defect.message)
      }
    case .malformed(let message): (.json, message)
    case .tooLarge(let message): (.framing, message)
    case .unknownKind(let message): (.framing, "not a record: " + message)
    }
  }
}
