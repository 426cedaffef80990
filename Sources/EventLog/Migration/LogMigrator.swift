public import Foundation
import StoreCore

/// What ``Replayer/migrate(file:to:feature:schema:)`` wrote.
public struct LogMigrationReport: Sendable, Equatable {
  /// The schema the log was recorded with, and the one it was written at.
  public var from: Int
  public var to: Int
  public var events: Int
  /// Checkpoints written (fresh digests of the migrated states) and verified by a replay of
  /// the new log.
  public var checkpoints: Int
  public var verifiedCheckpoints: Int
}

extension Replayer {
  /// Writes `file` again at `schema`, through ``migrations``: the same events (seq, time,
  /// origin, draws) with their actions upgraded, the header's initial state upgraded, and
  /// fresh checkpoints of the states the reducer reaches, every `checkpointInterval` events
  /// with a snapshot every `snapshotInterval` as the original, and one at the end.
  ///
  /// The log is replayed first (every comparable checkpoint checked), so a log this build does
  /// not reproduce is not rewritten. The new log is written beside `output` and renamed into
  /// place once complete and synced, then replayed and verified.
  ///
  /// - Throws: ``LogReadError`` or ``ReplayDivergence`` for the old log, ``RecorderError``
  ///   when the new one cannot be written (an existing `output` is never replaced).
  public func migrate(file: URL, to output: URL, feature: String, schema: Int) throws -> LogMigrationReport {
    var checking = self
    checking.seeksFromSnapshots = false
    checking.checksDeterminism = false
    _ = try checking.replay(file: file, verify: true, feature: feature, schema: schema)

    let reader = try LogReader(file: file, feature: feature)
    let migration = try MigrationChain(
      recorded: reader.header.schema, current: schema, migrations: migrations, feature: feature, path: reader.path)
    let fold = try ReplayFold(
      reducer: reducer, header: reader.header, path: reader.path, until: nil, snapshot: 0, verify: false,
      migration: migration)
    DrawTape.installOnThisThread(fold.tape)
    defer { DrawTape.installOnThisThread(nil) }

    let outputPath = output.path
    if FileManager.default.fileExists(atPath: outputPath) {
      throw RecorderError(.alreadyExists, path: outputPath, message: "already exists; migrate writes a new log and never replaces one")
    }
    let temporary = output.deletingLastPathComponent()
      .appendingPathComponent(".\(output.lastPathComponent).migrating-\(ProcessInfo.processInfo.processIdentifier)")
    let writer = try MigratedLogFile(temporary: temporary, output: output)
    // After a commit only the temporary name goes; before one, the unfinished file with it.
    defer { writer.discard() }

    let header = LogHeader(
      feature: reader.header.feature, schema: schema, created: reader.header.created,
      checkpointInterval: reader.header.checkpointInterval, snapshotInterval: reader.header.snapshotInterval,
      redactionPlaceholder: reader.header.redactionPlaceholder,
      initialState: try LogJSONEncoder().encodeValue(Redaction.apply(fold.state)).canonicalized)
    try writer.write(try header.line())

    let decoder = fold.decoder
    let path = reader.path
    var buffer: [UInt8] = []
    var events = 0
    var checkpoints = 0
    var lastLineIsCheckpoint = false
    while let record = try reader.next() {
      guard case .event(let event) = record else { continue }
      let action: R.Action
      do {
        action = try ReplayFold<R>.decodeAction(event.action, migration: migration, decoder: decoder)
      } catch {
        throw ReplayFold<R>.undecodableAction(error, action: event.action, path: path, line: event.line, seq: event.seq)
      }
      _ = try fold.event(seq: event.seq, line: event.line, draws: event.draws) { action }
      buffer.removeAll(keepingCapacity: true)
      try LogLineWriter.appendEvent(
        seq: event.seq, t: event.t, origin: event.origin, action: action, draws: event.draws,
        sentDuring: event.sentDuring, site: event.site, encoder: LogJSONEncoder(), into: &buffer)
      events += 1
      lastLineIsCheckpoint = false
      if event.seq % UInt64(header.checkpointInterval) == 0 {
        try appendCheckpoint(seq: event.seq, state: fold.state, snapshot: event.seq % UInt64(header.snapshotInterval) == 0, into: &buffer)
        checkpoints += 1
        lastLineIsCheckpoint = true
      }
      try writer.write(buffer)
    }
    if events > 0, !lastLineIsCheckpoint {
      // As a recorder's close: the last state, whole.
      buffer.removeAll(keepingCapacity: true)
      try appendCheckpoint(seq: fold.lastSeq, state: fold.state, snapshot: true, into: &buffer)
      try writer.write(buffer)
      checkpoints += 1
    }
    try writer.commit()

    var verifying = Replayer(reducer: reducer)
    verifying.seeksFromSnapshots = false
    let verified = try verifying.replay(file: output, verify: true, feature: feature, schema: schema)
    return LogMigrationReport(
      from: reader.header.schema, to: schema, events: events, checkpoints: checkpoints,
      verifiedCheckpoints: verified.verifiedCheckpoints)
  }

  /// A checkpoint of `state` at `seq`, the state written whole at a snapshot.
  func appendCheckpoint(seq: UInt64, state: R.State, snapshot: Bool, into buffer: inout [UInt8]) throws {
    LogLineWriter.appendCheckpoint(
      seq: seq, canonicalState: try StateDigest.canonicalJSON(of: state), includeState: snapshot, into: &buffer)
  }
}

/// The new log, written to a temporary file beside its destination and linked into place only
/// once it is complete and synced, so that a failure leaves no half-written log. The file is
/// the recorder's (`LogFileHandle`: mode 0600, whole writes, a final fsync).
private final class MigratedLogFile {
  private let temporary: URL
  private let output: URL
  private let handle: LogFileHandle
  private var closed = false

  init(temporary: URL, output: URL) throws {
    self.temporary = temporary
    self.output = output
    handle = try LogFileHandle.open(path: temporary.path, existing: .replace).0
  }

  func write(_ bytes: [UInt8]) throws {
    try handle.writeAll(bytes, seq: nil)
  }

  /// Syncs, closes and links the file into place, then syncs the folder for the new name.
  func commit() throws {
    try handle.sync(seq: nil)
    // link(2) rather than rename(2): it fails if `output` appeared meanwhile, never replacing it.
    guard link(temporary.path, output.path) == 0 else {
      throw RecorderError(
        .alreadyExists, path: output.path, message: "cannot put the migrated log in place: \(String(cString: strerror(errno)))")
    }
    handle.syncDirectory()
  }

  /// Closes the file and removes its temporary name.
  func discard() {
    if !closed { handle.close() }
    closed = true
    unlink(temporary.path)
  }
}
