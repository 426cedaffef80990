/// The ordering rules of a log, as a pure state machine: events count up from 1 with no gaps,
/// a checkpoint directly follows the event it is for (at most one per seq), and every event
/// whose seq is a multiple of the checkpoint interval is followed by its checkpoint.
struct LogSequence: Equatable {
  enum Violation: Error, Equatable {
    case seq(String)
    case checkpoint(String)
  }

  let checkpointInterval: UInt64
  /// The seq of the last event (0 before the first).
  private(set) var lastSeq: UInt64 = 0
  /// Whether a checkpoint followed the last event.
  private(set) var checkpointed = false

  init(checkpointInterval: Int) {
    self.checkpointInterval = UInt64(max(checkpointInterval, 1))
  }

  mutating func event(_ seq: UInt64) throws(Violation) {
    if lastSeq > 0, lastSeq % checkpointInterval == 0, !checkpointed {
      throw .checkpoint(
        "the checkpoint for seq \(lastSeq) is missing (every \(checkpointInterval)th event is followed by one)")
    }
    guard seq == lastSeq &+ 1 else {
      if seq <= lastSeq {
        throw .seq("seq \(seq) repeats or goes back: the previous event was seq \(lastSeq)")
      }
      let missing = seq - lastSeq == 2 ? "seq \(lastSeq + 1) is missing" : "seqs \(lastSeq + 1)…\(seq - 1) are missing"
      throw .seq("seq \(seq) follows seq \(lastSeq): \(missing)")
    }
    lastSeq = seq
    checkpointed = false
  }

  /// Carries on as if the event `seq` (and its checkpoint, when `checkpointed`) were in place,
  /// after a rule was broken: a scan past damage (`LogIntegrityScan`) then reports a gap once,
  /// not once for every event after it.
  mutating func resume(at seq: UInt64, checkpointed: Bool) {
    lastSeq = seq
    self.checkpointed = checkpointed
  }

  mutating func checkpoint(_ seq: UInt64) throws(Violation) {
    guard seq == lastSeq else {
      throw .checkpoint("checkpoint \(seq) is out of place: it follows event seq \(lastSeq)")
    }
    guard !checkpointed else {
      throw .checkpoint("a second checkpoint for seq \(seq)")
    }
    checkpointed = true
  }
}

extension LogSequence {
  /// Checks the place of `record`, on line `line` of the log at `path`.
  mutating func accept(_ record: LogRecord, path: String, line: Int) throws(LogReadError) {
    switch record {
    case .event(let event): try acceptEvent(event.seq, path: path, line: line)
    case .checkpoint(let checkpoint): try acceptCheckpoint(checkpoint.seq, path: path, line: line)
    case .header: break
    }
  }

  mutating func acceptEvent(_ seq: UInt64, path: String, line: Int) throws(LogReadError) {
    do {
      try event(seq)
    } catch {
      switch error {
      case .seq(let message):
        throw LogReadError(.seqOutOfOrder, file: path, line: line, seq: seq, message: message)
      case .checkpoint(let message):
        throw outOfPlace(message, path: path, line: line)
      }
    }
  }

  mutating func acceptCheckpoint(_ seq: UInt64, path: String, line: Int) throws(LogReadError) {
    do {
      try checkpoint(seq)
    } catch {
      switch error {
      case .seq(let message), .checkpoint(let message):
        throw outOfPlace(message, path: path, line: line)
      }
    }
  }

  private func outOfPlace(_ message: String, path: String, line: Int) -> LogReadError {
    LogReadError(
      .checkpointOutOfPlace, file: path, line: line, seq: lastSeq > 0 ? lastSeq : nil, afterSeq: true,
      message: message)
  }

  /// The error for a line that did not parse: it names the line's own seq when the line starts
  /// with the one expected next, otherwise the last good seq before it.
  func failure(_ problem: LogLineParser.Problem, leadingSeq: UInt64?, path: String, line: Int) -> LogReadError {
    let expected = lastSeq + 1
    let after = leadingSeq != expected
    let seq: UInt64? = after ? (lastSeq > 0 ? lastSeq : nil) : expected
    switch problem {
    case .framing(let defect):
      return LogReadError(.checksumMismatch, file: path, line: line, seq: seq, afterSeq: after, message: defect.message)
    case .malformed(let message):
      return LogReadError(.malformedLine, file: path, line: line, seq: seq, afterSeq: after, message: message)
    case .tooLarge(let message):
      return LogReadError(.lineTooLarge, file: path, line: line, seq: seq, afterSeq: after, message: message)
    case .unknownKind(let message):
      return LogReadError(.unknownLineKind, file: path, line: line, seq: seq, afterSeq: after, message: message)
    }
  }
}
