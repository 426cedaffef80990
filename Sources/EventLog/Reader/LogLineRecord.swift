public import StoreCore

/// One line of a log read on its own: for a reader that keeps where each line starts and reads
/// lines again by their offsets (`refold devtools` pages through a large log this way), or reads
/// the lines a writer appended since it last looked.
///
/// The line is checked as ``LogReader`` checks it (framing, checksum, fields), but not against
/// the lines around it: the seqs' order is the caller's to keep.
package enum LogLineRecord {
  /// Parses `line`, without its `\n`, as line `number` of `path` (for the error).
  package static func parse(_ line: UnsafeRawBufferPointer, path: String, number: Int) throws(LogReadError) -> LogRecord {
    let bytes = line.assumingMemoryBound(to: UInt8.self)
    do {
      return try LogLineParser().record(bytes.span, number: number)
    } catch {
      let seq = LogLineParser.leadingSeq(bytes.span)
      switch error {
      case .framing(let defect):
        throw LogReadError(.checksumMismatch, file: path, line: number, seq: seq, afterSeq: false, message: defect.message)
      case .malformed(let message):
        throw LogReadError(.malformedLine, file: path, line: number, seq: seq, afterSeq: false, message: message)
      case .tooLarge(let message):
        throw LogReadError(.lineTooLarge, file: path, line: number, seq: seq, afterSeq: false, message: message)
      case .unknownKind(let message):
        throw LogReadError(.unknownLineKind, file: path, line: number, seq: seq, afterSeq: false, message: message)
      }
    }
  }

  /// What an index keeps of a line, read as this package writes lines: an event's seq, origin
  /// and where its action's JSON is, or a checkpoint's seq.
  package enum Peek: Equatable {
    case event(seq: UInt64, origin: ActionOrigin, action: Range<Int>)
    case checkpoint(seq: UInt64)
  }

  /// The seq and kind of `line` (without its `\n`), from its fixed start alone: neither its
  /// checksum nor its JSON is checked, so that a large log is indexed at the speed of reading it.
  /// Read the line with ``parse(_:path:number:)`` to check it. Nil for a line this package
  /// would not have written so: parse it to know what it is.
  package static func peek(_ line: UnsafeRawBufferPointer) -> Peek? {
    let suffix = LogLine.suffixLength
    let bytes = line.assumingMemoryBound(to: UInt8.self)
    guard line.count > suffix, LogLineParser.hasPrefix(bytes.span.extracting((line.count - suffix)...), LogLineParser.Token.checksum)
    else { return nil }
    let payload = bytes.span.extracting(..<(line.count - suffix))
    if let prefix = LogLineParser.eventPrefix(payload) {
      return .event(seq: prefix.seq, origin: prefix.origin, action: prefix.action)
    }
    if let seq = LogLineParser.leadingCheckpoint(payload) {
      return .checkpoint(seq: seq)
    }
    return nil
  }
}
