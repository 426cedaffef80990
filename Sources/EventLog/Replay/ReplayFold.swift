package import JSONCodec
package import StoreCore
import CustomDump

/// What replay does with each record of a log, as a pure state machine: fold events from the
/// start (or from a snapshot), verify checkpoints, stop at `until`. The sequential and the
/// parallel reader both feed it, so they agree on every result and every error.
///
/// A final class rather than a struct: its code is generic and unspecialized (it runs for any
/// feature), and a method of a generic struct looks up the struct's metadata to reach its
/// fields, a hash-table look-up for every event, while a class instance carries its own.
package final class ReplayFold<R: Reducer> where R.State: Codable & Equatable, R.Action: Codable {
  /// The snapshot could not be used: replay again from the start.
  struct SnapshotMissing: Error {}

  let reducer: R
  let until: UInt64?
  /// The snapshot to start from; 0 for the header's initial state.
  let snapshot: UInt64
  let verify: Bool
  /// Fold every event twice, and compare the two states (``Replayer/checksDeterminism``).
  let checksDeterminism: Bool
  let path: String
  /// The migrations from the log's schema to the feature's, applied before decoding.
  let migration: MigrationChain
  let decoder = LogJSONDecoder()
  /// Hands each event's recorded draws back to the reducer. Installed on the folding thread
  /// for the whole replay (`Replayer.run`).
  package let tape = DrawTape(mode: .replaying)
  /// The shared values the reducer sees (`Shared`): the log's, never a file's.
  let shared = SharedValues.replaying()
  /// Whether the state holds shared fields: only then does each fold mark its thread.
  private var sharing = false
  /// What a divergence at the next checkpoint lists of the actions folded before it.
  private let recent = RecentActions<R.Action>()

  package private(set) var state: R.State
  /// The second replay's state, when checking determinism.
  private var twin: R.State?
  private(set) var folding: Bool
  private(set) var lastMatching: UInt64 = 0
  private(set) var verified = 0
  /// Checkpoints recorded before a migration that changed the state's encoding, and without
  /// the full state: their digests are of the old encoding, so they could not be compared.
  private(set) var uncompared = 0
  private(set) var eventCount = 0
  private(set) var foldedEvents = 0
  private(set) var lastSeq: UInt64 = 0

  package init(
    reducer: R, header: LogHeader, path: String, until: UInt64?, snapshot: UInt64, verify: Bool,
    checksDeterminism: Bool = false, migration: MigrationChain = .none
  ) throws {
    self.reducer = reducer
    self.until = until
    self.snapshot = snapshot
    self.verify = verify
    self.checksDeterminism = checksDeterminism
    self.path = path
    self.migration = migration
    do {
      state = try decoder.decode(R.State.self, from: try migration.upgradeState(header.initialState))
    } catch {
      throw LogReadError(.undecodableState, file: path, line: 1, message: "cannot decode the initial state: \(error)")
    }
    folding = snapshot == 0
    if folding { sharing = shared.seed(from: state) }
    if checksDeterminism { twin = state }
  }

  /// Folds the event `seq` (whose action `action` decodes), handing the reducer the values it
  /// drew when the event was recorded; `false` once `until` is passed, when reading should stop.
  package func event(seq: UInt64, line: Int, draws: [Draw], _ action: () throws -> R.Action) throws -> Bool {
    if let until, seq > until { return false }
    eventCount += 1
    lastSeq = seq
    if seq <= snapshot { return true }
    if !folding { throw SnapshotMissing() }
    let action = try action()
    try fold(action, into: &state, seq: seq, line: line, draws: draws)
    if checksDeterminism { try foldTwin(action, seq: seq, line: line, draws: draws) }
    if verify { recent.folded(action) }
    foldedEvents += 1
    return true
  }

  /// The second replay of ``Replayer/checksDeterminism``: the same event folded into `twin`.
  // NB: Out of line: its `R.State?` would otherwise cost ``event(seq:line:draws:_:)`` a look-up
  //     of `Optional<R.State>`'s metadata for every event, checking determinism or not.
  @inline(never)
  private func foldTwin(_ action: R.Action, seq: UInt64, line: Int, draws: [Draw]) throws {
    guard var second = twin else { return }
    try fold(action, into: &second, seq: seq, line: line, draws: draws)
    twin = second
    if second != state { throw nondeterminism(seq: seq, line: line, second: second, action: action) }
  }

  private func fold(_ action: R.Action, into state: inout R.State, seq: UInt64, line: Int, draws: [Draw]) throws {
    tape.begin(replaying: draws)
    if sharing {
      // The store's fold of a state with shared fields (`SharedValues.fold`): the reducer's
      // writes go to the replay's registry, then reach the state's other fields.
      _ = shared.fold(&state) { reducer.reduce(into: &$0, action: action) }
    } else {
      _ = reducer.reduce(into: &state, action: action)
    }
    if let problem = tape.replayProblem() {
      throw ReplayDivergence(
        file: path, line: line, seq: seq, lastMatchingSeq: lastMatching, diff: nil,
        reason: "the draws do not match: \(problem). The reducer reads `uuid`, `date` or `withRandomNumberGenerator` differently from when the log was recorded",
        actions: [Self.logged(action, seq: seq)])
    }
  }

  private func nondeterminism(seq: UInt64, line: Int, second: R.State, action: R.Action) -> ReplayDivergence {
    ReplayDivergence(
      file: path, line: line, seq: seq, lastMatchingSeq: seq - 1,
      diff: CustomDump.diff(state, second) ?? "(the states differ, but their dumps do not show how)",
      reason: """
        two replays of the same log disagree after this event: the reducer read something that \
        is neither in the action nor drawn through a dependency (`UUID()`, `Date()`, a random \
        number, a global); read it through `@Dependency` so that it is recorded. First replay (−) \
        vs second replay (+):
        """,
      actions: [Self.logged(action, seq: seq)])
  }

  /// An action as the divergence shows it: the log's JSON. It came from the log, so it is
  /// redacted already.
  private static func logged(_ action: R.Action, seq: UInt64) -> ReplayDivergence.Action {
    let json = Result { try LogJSONEncoder().encode(action) }
    switch json {
    case .success(let bytes): return ReplayDivergence.Action(seq: seq, json: String(decoding: bytes, as: UTF8.self))
    case .failure(let error): return ReplayDivergence.Action(seq: seq, json: "(cannot be encoded: \(error))")
    }
  }

  func checkpoint(_ checkpoint: LogCheckpoint) throws {
    if !folding {
      guard checkpoint.seq == snapshot else { return }
      guard let recorded = checkpoint.state else { throw SnapshotMissing() }
      state = try decodeSnapshot(recorded, checkpoint)
      sharing = shared.seed(from: state)
      folding = true
      lastMatching = checkpoint.seq
    } else if verify {
      if migration.changesState {
        // The digest is of the state's old encoding: only a full state can be compared.
        guard let recorded = checkpoint.state else {
          uncompared += 1
          return
        }
        try check(migrated: recorded, checkpoint)
      } else {
        try check(against: checkpoint)
      }
      lastMatching = checkpoint.seq
      recent.checkpointMatched()
      verified += 1
    }
  }

  /// The result once reading has stopped.
  func finish(header: LogHeader, warnings: [String]) throws -> ReplayResult<R.State> {
    if let until, until > lastSeq {
      throw LogReadError(
        .seqPastEnd, file: path,
        message: "seq \(until) is past the end of the log: the last seq is \(lastSeq)")
    }
    if !folding { throw SnapshotMissing() }
    return ReplayResult(
      state: state, eventCount: eventCount, lastSeq: lastSeq, warnings: warnings, header: header,
      verifiedCheckpoints: verified, startedFromSnapshot: snapshot > 0 ? snapshot : nil,
      foldedEvents: foldedEvents, migratedFrom: migration.isEmpty ? nil : migration.from,
      uncomparedCheckpoints: uncompared)
  }

  // MARK: Decoding and checking

  /// The error for an action that does not decode.
  package static func undecodableAction(_ error: any Error, action: JSONValue, path: String, line: Int, seq: UInt64) -> LogReadError {
    LogReadError(
      .undecodableAction, file: path, line: line, seq: seq,
      message: "cannot decode the action: \(explain(error, action: action))")
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

  /// Decodes an action as the log holds it, upgraded to the feature's schema first.
  package static func decodeAction(_ json: JSONValue, migration: MigrationChain, decoder: LogJSONDecoder) throws -> R.Action {
    try decoder.decode(R.Action.self, from: migration.isEmpty ? json : try migration.upgradeAction(json))
  }

  /// Reads an action straight from its bytes, when the feature's `Action` is ``LogDecodable``
  /// and the log needs no migration (which rewrites the JSON before it is decoded); `nil`
  /// otherwise. The reader's `nil` for an event means: decode it with ``decodeAction(_:migration:decoder:)``.
  package static func actionReader(migration: MigrationChain) -> ActionBytesReader<R.Action>? {
    guard migration.isEmpty, let readable = R.Action.self as? any LogDecodable.Type else { return nil }
    return reader(for: readable)
  }

  private static func reader<T: LogDecodable>(for type: T.Type) -> ActionBytesReader<R.Action> {
    precondition(T.self == R.Action.self, "the action reader reads another type than the feature's Action")
    let read: ActionBytesReader<T> = { bytes, buffer in LogJSONReader.read(T.self, from: bytes, buffer: &buffer) }
    // The same function type, as T is R.Action: one checked cast of the function here, none
    // of each value it returns.
    return read as! ActionBytesReader<R.Action>
  }

  private func decodeSnapshot(_ recorded: JSONValue, _ checkpoint: LogCheckpoint) throws -> R.State {
    let state: R.State
    do {
      state = try decoder.decode(R.State.self, from: try migration.upgradeState(recorded))
    } catch {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "cannot decode the snapshot: \(error)")
    }
    // A digest of the old encoding cannot vouch for a state a migration rewrote.
    guard migration.changesState || (try? StateDigest.digest(of: state)) == checkpoint.digest else {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "the snapshot does not match its own digest once decoded; the state's Codable round trip is not exact (a Set, or a non-String-keyed Dictionary?)")
    }
    return state
  }

  /// A checkpoint recorded before the state's encoding changed: its full state, migrated,
  /// against the replayed state, value for value.
  private func check(migrated recorded: JSONValue, _ checkpoint: LogCheckpoint) throws {
    let expected: R.State
    do {
      expected = try decoder.decode(R.State.self, from: try migration.upgradeState(recorded))
    } catch {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "cannot decode the checkpoint's state once migrated: \(error)")
    }
    let replayed = Redaction.apply(state)
    guard expected != replayed else { return }
    throw ReplayDivergence(
      file: path, line: checkpoint.line, seq: checkpoint.seq, lastMatchingSeq: lastMatching,
      diff: CustomDump.diff(expected, replayed) ?? "(the states differ, but their dumps do not show how)",
      actions: recent.shown(after: lastMatching).map { Self.logged($0.action, seq: $0.seq) })
  }

  private func check(against checkpoint: LogCheckpoint) throws {
    let digest: UInt64
    do {
      digest = try StateDigest.digest(of: state)
    } catch {
      throw LogReadError(
        .undecodableState, file: path, line: checkpoint.line, seq: checkpoint.seq,
        message: "the replayed state cannot be encoded: \(error)")
    }
    guard digest != checkpoint.digest else { return }
    let difference = CheckpointDifference(checkpoint: checkpoint, replayed: state, decoder: decoder)
    throw ReplayDivergence(
      file: path, line: checkpoint.line, seq: checkpoint.seq, lastMatchingSeq: lastMatching, diff: difference.diff,
      differingFields: difference.fields, replayedValues: difference.replayedValues,
      actions: recent.shown(after: lastMatching).map { Self.logged($0.action, seq: $0.seq) })
  }
}
