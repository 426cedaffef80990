import CustomDump
public import Foundation
public import StoreCore

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
  /// Whether a replay that stops at a seq (`until`) may start from the nearest snapshot, whose
  /// state is then taken as recorded, or folds every event from the header's initial state, so
  /// that everything before the seq is checked too. Default true: seeking is fast.
  public var seeksFromSnapshots = true
  /// Whether to fold every event twice, from the initial state, and compare the two states after
  /// each: the first event after which they differ is thrown as a ``ReplayDivergence`` with a
  /// diff. It catches a reducer that reads the clock, `UUID()` or a random number directly
  /// instead of through `@Dependency` (which records what it draws), however the checkpoints
  /// fall. Default false.
  public var checksDeterminism = false
  /// How the lines are read and parsed. Tests pick a path; replay picks one by the file's size.
  package var reading = Reading.automatic
  /// Where the line of an event starts (its byte offset and its line number), for a caller that
  /// has indexed the log: a replay from a snapshot then reads from the snapshot's event instead
  /// of checking every line before it (and ``ReplayResult/eventCount`` counts the events from
  /// the snapshot on). Nil for an event it does not know.
  package var eventLocation: (@Sendable (UInt64) -> (offset: Int, line: Int)?)?

  /// Upgrade a log recorded at an older schema of the feature (``LogMigration``); a log at
  /// another schema with no chain of migrations to this one is refused, naming what to add.
  public var migrations: [LogMigration]

  public init(reducer: R) {
    self.init(reducer: reducer, migrations: [])
  }

  /// - Parameters:
  ///   - reducer: the feature's reducer, as the current build has it.
  ///   - migrations: the feature's migrations, from each older schema to the next.
  public init(reducer: R, migrations: [LogMigration]) {
    self.reducer = reducer
    self.migrations = migrations
  }

  /// The sequential reader, or the parallel one: worker threads parse and decode chunks of the
  /// log while this thread folds them in order.
  package enum Reading {
    /// Parallel for a log of at least two chunks on a machine with more than one core.
    case automatic
    case sequential
    case parallel(workers: Int, chunkSize: Int)

    static var chunkSize: Int { 256 << 10 }
  }

  /// Replays `file` to its end, or to `until`.
  ///
  /// On a machine with more than one core a large log is parsed on worker threads (one per
  /// core, at most four) and folded in order on this one; results and errors are the same.
  /// There, an action whose JSON a worker decoded lately is not parsed or decoded again: the
  /// same bytes give the same value (`DecodedActionCache`).
  ///
  /// - Parameters:
  ///   - file: the event log.
  ///   - seq: stop after this event (time travel; 0 is the initial state). Replay starts from
  ///     the nearest snapshot at or below it (unless ``seeksFromSnapshots`` is false); the
  ///     events before that are checked (checksums, seqs) but not decoded or folded, the
  ///     checkpoints before it are not verified, and the snapshot's state is taken as recorded
  ///     (``ReplayResult/startedFromSnapshot`` says so).
  ///   - verify: check every checkpoint digest on the way.
  ///   - feature: when given, a log for another feature is an error.
  ///   - schema: when given, a log recorded with another schema version is an error.
  ///   - progress: called about once per MiB read.
  /// - Throws: ``LogReadError`` (unreadable or corrupt log, undecodable action, `until` past
  ///   the end) or ``ReplayDivergence``.
  public func replay(
    file: URL,
    until seq: UInt64? = nil,
    verify: Bool = true,
    feature: String? = nil,
    schema: Int? = nil,
    progress: ((ReplayProgress) -> Void)? = nil
  ) throws -> ReplayResult<R.State> {
    // The schema is checked here rather than by the reader, so that an older one can migrate.
    let reader = try LogReader(file: file, feature: feature)
    let migration = try schema.map {
      try MigrationChain(
        recorded: reader.header.schema, current: $0, migrations: migrations, feature: reader.header.feature, path: reader.path)
    } ?? .none
    if let seq, seq > 0, seeksFromSnapshots, !checksDeterminism {
      let interval = UInt64(reader.header.snapshotInterval)
      let snapshot = seq / interval * interval
      if snapshot > 0 {
        do {
          if let location = eventLocation?(snapshot) {
            try reader.seek(toEventAt: location.offset, line: location.line, seq: snapshot)
          }
          return try run(reader, file: file, until: seq, from: snapshot, verify: verify, migration: migration, progress: progress)
        } catch is ReplayFold<R>.SnapshotMissing {
          // The log ends right after the snapshot's event: fold from the start instead.
          let again = try LogReader(file: file, feature: feature, schema: schema)
          return try run(again, file: file, until: seq, from: 0, verify: verify, migration: migration, progress: progress)
        }
      }
    }
    return try run(reader, file: file, until: seq, from: 0, verify: verify, migration: migration, progress: progress)
  }

  private func run(
    _ reader: LogReader, file: URL, until: UInt64?, from snapshot: UInt64, verify: Bool, migration: MigrationChain,
    progress: ((ReplayProgress) -> Void)?
  ) throws -> ReplayResult<R.State> {
    let fold = try ReplayFold(
      reducer: reducer, header: reader.header, path: reader.path, until: until, snapshot: snapshot, verify: verify,
      checksDeterminism: checksDeterminism, migration: migration)
    // Every fold runs on this thread: the reducer finds the recorded draws here.
    DrawTape.installOnThisThread(fold.tape)
    defer { DrawTape.installOnThisThread(nil) }
    switch reading {
    case .sequential:
      return try runSequential(reader, fold, progress: progress)
    case .parallel(let workers, let chunkSize):
      return try runParallel(reader, file: file, fold, workers: workers, chunkSize: chunkSize, progress: progress)
    case .automatic:
      let cores = ProcessInfo.processInfo.activeProcessorCount
      let remaining = reader.totalBytes - reader.bytesRead
      guard cores > 1, remaining >= 2 * Reading.chunkSize else {
        return try runSequential(reader, fold, progress: progress)
      }
      return try runParallel(
        reader, file: file, fold, workers: min(cores, 4), chunkSize: Reading.chunkSize, progress: progress)
    }
  }

  private func runSequential(
    _ reader: LogReader, _ fold: ReplayFold<R>, progress: ((ReplayProgress) -> Void)?
  ) throws -> ReplayResult<R.State> {
    let path = reader.path
    let decoder = fold.decoder
    let migration = fold.migration
    reader.skipActionsThrough = fold.snapshot
    // An action its own reader read (`LogDecodable`) comes beside its record; without such a
    // reader every action is parsed and decoded.
    let read = ReplayFold<R>.actionReader(migration: migration)
    func nextRecord() throws -> (record: LogRecord, action: R.Action?)? {
      guard let read else { return try reader.next().map { ($0, nil) } }
      return try reader.next(reading: read)
    }
    var nextProgress = 1 << 20
    reading: while let (record, readAction) = try nextRecord() {
      switch record {
      case .header:
        continue
      case .event(let event):
        let more = try fold.event(seq: event.seq, line: event.line, draws: event.draws) {
          if let readAction { return readAction }
          do {
            return try ReplayFold<R>.decodeAction(event.action, migration: migration, decoder: decoder)
          } catch {
            throw ReplayFold<R>.undecodableAction(error, action: event.action, path: path, line: event.line, seq: event.seq)
          }
        }
        if !more { break reading }
      case .checkpoint(let checkpoint):
        try fold.checkpoint(checkpoint)
      }
      if let progress, reader.bytesRead >= nextProgress {
        progress(ReplayProgress(seq: fold.lastSeq, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
        nextProgress = reader.bytesRead + (1 << 20)
      }
    }
    let result = try fold.finish(header: reader.header, warnings: reader.warnings)
    progress?(ReplayProgress(seq: fold.lastSeq, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
    return result
  }

  /// The lines after the header are checked, parsed and decoded on `workers` threads; this
  /// thread checks their order and folds them, exactly as ``runSequential(_:_:progress:)``
  /// does, so the first problem in the file is the one reported.
  private func runParallel(
    _ reader: LogReader, file: URL, _ fold: ReplayFold<R>, workers: Int, chunkSize: Int,
    progress: ((ReplayProgress) -> Void)?
  ) throws -> ReplayResult<R.State> {
    let path = reader.path
    let decoder = fold.decoder
    let migration = fold.migration
    let lines = try ParallelLogReader<R.Action>(
      file: file, path: path, from: reader.bytesRead, workers: workers, chunkSize: chunkSize,
      skipActionsThrough: fold.snapshot, read: ReplayFold<R>.actionReader(migration: migration)
    ) { action in try ReplayFold<R>.decodeAction(action, migration: migration, decoder: decoder) }
    defer { lines.close() }
    var sequence = reader.sequenceSoFar
    var lineNumber = reader.lineNumber
    var bytesRead = reader.bytesRead
    var warnings: [String] = []
    var nextProgress = 1 << 20
    reading: while let chunk = lines.next() {
      // By index: `enumerated()` would look up the metadata of a generic tuple for every line.
      var index = 0
      while index < chunk.lines.count {
        defer { index += 1 }
        lineNumber += 1
        switch chunk.lines[index] {
        case .problem(let problem, let leadingSeq):
          throw sequence.failure(problem, leadingSeq: leadingSeq, path: path, line: lineNumber)
        case .event(let seq, let action, let draws):
          try sequence.acceptEvent(seq, path: path, line: lineNumber)
          let more = try fold.event(seq: seq, line: lineNumber, draws: draws) {
            guard let action else { preconditionFailure("seq \(seq): an action at or before the snapshot is folded") }
            return chunk.actions[action]
          }
          if !more { break reading }
        case .undecodable(let seq, let error, let action):
          try sequence.acceptEvent(seq, path: path, line: lineNumber)
          let line = lineNumber
          let more = try fold.event(seq: seq, line: line, draws: []) {
            throw ReplayFold<R>.undecodableAction(error, action: action, path: path, line: line, seq: seq)
          }
          if !more { break reading }
        case .checkpoint(var checkpoint):
          try sequence.acceptCheckpoint(checkpoint.seq, path: path, line: lineNumber)
          checkpoint.line = lineNumber
          try fold.checkpoint(checkpoint)
        }
        bytesRead = chunk.ends[index]
        if let progress, bytesRead >= nextProgress {
          progress(ReplayProgress(seq: fold.lastSeq, bytesRead: bytesRead, totalBytes: reader.totalBytes))
          nextProgress = bytesRead + (1 << 20)
        }
      }
      if let error = chunk.readError { throw error }
      if chunk.isLast {
        if let torn = chunk.tornTail {
          warnings.append(
            LogReader.tornTailWarning(path: path, line: lineNumber + 1, byteCount: torn.byteCount, allZero: torn.allZero))
        }
        break reading
      }
    }
    let result = try fold.finish(header: reader.header, warnings: warnings)
    progress?(ReplayProgress(seq: fold.lastSeq, bytesRead: bytesRead, totalBytes: reader.totalBytes))
    return result
  }
}
