import CustomDump
import Foundation

/// Folds a recorded log through a reducer, headless: effects are not run, because their results
/// are in the log as actions.
///
/// ```swift
/// let result = try Replayer(reducer: AmountInput()).replay(file: url)
/// print(result.state, result.lastSeq)
/// let earlier = try Replayer(reducer: AmountInput()).replay(file: url, until: 120)
/// ```
///
/// With `verify` (the default), every checkpoint's digest is checked against the replayed
/// state and the first that differs throws ``ReplayDivergence``. A corrupt or unreadable log
/// throws ``LogReadError`` naming the line and the seq. A torn last line is dropped with a
/// warning in ``ReplayResult/warnings``.
public struct Replayer<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  public let reducer: R

  public init(reducer: R) {
    self.reducer = reducer
  }

  /// Replays `file` to its end, or to `until`.
  ///
  /// - Parameters:
  ///   - seq: stop after this event (time travel; 0 is the initial state). Replay starts from
  ///     the nearest snapshot at or below it; the events before that are checked (checksums,
  ///     seqs) but not decoded or folded, and the checkpoints before it are not verified.
  ///   - verify: check every checkpoint digest on the way.
  ///   - feature: when given, a log for another feature is an error.
  ///   - progress: called about once per MiB read.
  /// - Throws: ``LogReadError`` (unreadable or corrupt log, undecodable action, `until` past
  ///   the end) or ``ReplayDivergence``.
  public func replay(
    file: URL,
    until seq: UInt64? = nil,
    verify: Bool = true,
    feature: String? = nil,
    progress: ((ReplayProgress) -> Void)? = nil
  ) throws -> ReplayResult<R.State> {
    let reader = try LogReader(file: file, feature: feature)
    if let seq, seq > 0 {
      let interval = UInt64(reader.header.snapshotInterval)
      let snapshot = seq / interval * interval
      if snapshot > 0 {
        do {
          return try run(reader, until: seq, from: snapshot, verify: verify, progress: progress)
        } catch is SnapshotMissing {
          // The log ends right after the snapshot's event: fold from the start instead.
          let again = try LogReader(file: file, feature: feature)
          return try run(again, until: seq, from: 0, verify: verify, progress: progress)
        }
      }
    }
    return try run(reader, until: seq, from: 0, verify: verify, progress: progress)
  }

  private struct SnapshotMissing: Error {}

  private func run(
    _ reader: LogReader, until: UInt64?, from snapshot: UInt64, verify: Bool,
    progress: ((ReplayProgress) -> Void)?
  ) throws -> ReplayResult<R.State> {
    let header = reader.header
    let path = reader.path
    let decoder = LogJSONDecoder()
    var state: R.State
    do {
      state = try decoder.decode(R.State.self, from: header.initialState)
    } catch {
      throw LogReadError(.undecodableState, file: path, line: 1, message: "cannot decode the initial state: \(error)")
    }
    reader.skipActionsThrough = snapshot
    var folding = snapshot == 0
    var lastMatching: UInt64 = 0
    var verified = 0
    var eventCount = 0
    var lastSeq: UInt64 = 0
    var nextProgress = 1 << 20

    reading: while let record = try reader.next() {
      switch record {
      case .header:
        continue
      case .event(let event):
        if let until, event.seq > until { break reading }
        eventCount += 1
        lastSeq = event.seq
        if event.seq <= snapshot { continue }
        if !folding { throw SnapshotMissing() }
        let action = try decodeAction(event, path: path, decoder: decoder)
        _ = reducer.reduce(into: &state, action: action)
      case .checkpoint(let checkpoint):
        if !folding {
          guard checkpoint.seq == snapshot else { continue }
          guard let recorded = checkpoint.state else { throw SnapshotMissing() }
          state = try decodeSnapshot(recorded, checkpoint, path: path, decoder: decoder)
          folding = true
          lastMatching = checkpoint.seq
        } else if verify {
          try check(state, against: checkpoint, lastMatching: lastMatching, path: path, decoder: decoder)
          lastMatching = checkpoint.seq
          verified += 1
        }
      }
      if let progress, reader.bytesRead >= nextProgress {
        progress(ReplayProgress(seq: lastSeq, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
        nextProgress = reader.bytesRead + (1 << 20)
      }
    }
    if let until, until > lastSeq {
      throw LogReadError(
        .seqPastEnd, file: path,
        message: "seq \(until) is past the end of the log: the last seq is \(lastSeq)")
    }
    if !folding { throw SnapshotMissing() }
    progress?(ReplayProgress(seq: lastSeq, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
    return ReplayResult(
      state: state, eventCount: eventCount, lastSeq: lastSeq, warnings: reader.warnings, header: header,
      verifiedCheckpoints: verified, startedFromSnapshot: snapshot > 0 ? snapshot : nil)
  }

  // MARK: Decoding and checking

  private func decodeAction(_ event: LogEvent, path: String, decoder: LogJSONDecoder) throws -> R.Action {
    do {
      return try decoder.decode(R.Action.self, from: event.action)
    } catch {
      throw LogReadError(
        .undecodableAction, file: path, line: event.line, seq: event.seq,
        message: "cannot decode the action: \(Self.explain(error, action: event.action))")
    }
  }

  /// Names the case for the common mistake, a case the `Action` does not have.
  static func explain(_ error: any Error, action: JSONValue) -> String {
    if let codecError = error as? LogCodecError, codecError.codingPath.isEmpty, codecError.kind == .typeMismatch,
      case .object(let object) = action, object.count == 1
    {
      return "unknown case \"\(object[0].key)\" (\(codecError))"
    }
    return "\(error)"
  }

  private func decodeSnapshot(
    _ recorded: JSONValue, _ checkpoint: LogCheckpoint, path: String, decoder: LogJSONDecoder
  ) throws -> R.State {
    let state: R.State
    do {
      state = try decoder.decode(R.State.self, from: recorded)
    } catch {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "cannot decode the snapshot: \(error)")
    }
    guard (try? StateDigest.digest(of: state)) == checkpoint.digest else {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "the snapshot does not match its own digest once decoded; the state's Codable round trip is not exact (a Set, or a non-String-keyed Dictionary?)")
    }
    return state
  }

  private func check(
    _ state: R.State, against checkpoint: LogCheckpoint, lastMatching: UInt64, path: String, decoder: LogJSONDecoder
  ) throws {
    let digest: UInt64
    do {
      digest = try StateDigest.digest(of: state)
    } catch {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "the replayed state cannot be encoded: \(error)")
    }
    guard digest != checkpoint.digest else { return }
    var difference: String?
    if let recorded = checkpoint.state, let recordedState = try? decoder.decode(R.State.self, from: recorded) {
      difference = CustomDump.diff(recordedState, Redaction.apply(state)) ?? "(no difference in the decoded values; the encodings differ)"
    }
    throw ReplayDivergence(
      file: path, line: checkpoint.line, seq: checkpoint.seq, lastMatchingSeq: lastMatching, diff: difference)
  }
}
