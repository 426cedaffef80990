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
