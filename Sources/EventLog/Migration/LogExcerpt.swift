package import Foundation
package import StoreCore

extension Replayer {
  /// The events after `from` up to `to` of `file` as a log of their own: its initial state is
  /// the state at `from` (folded by this reducer), its events are renumbered from 1 with their
  /// time, origin, draws and actions (upgraded through ``migrations``, the log written at
  /// `schema`), and its checkpoints are fresh digests of the states the reducer reaches, at the
  /// original intervals, with one at the end. `refold devtools` exports a range this way.
  ///
  /// The bytes are returned, not written: the caller checks them (replaying them verifies every
  /// checkpoint) and saves or sends them.
  ///
  /// - Parameters:
  ///   - from: the seq whose state starts the excerpt (0: the log's initial state).
  ///   - to: the last event of the excerpt; after `from`, at most the log's last seq.
  ///   - eachState: called with the seq in the original log and the state after it, for each
  ///     event of the excerpt (a Redux DevTools export lists every state).
  /// - Throws: ``LogReadError`` for a log that cannot be read, or a range past its end.
  package func excerpt(
    file: URL, from: UInt64, to: UInt64, feature: String, schema: Int,
    eachState: ((UInt64, R.State) throws -> Void)? = nil
  ) throws -> [UInt8] {
    precondition(from < to, "an excerpt holds at least one event")
    var seeking = self
    seeking.checksDeterminism = false
    let start = try seeking.replay(file: file, until: from, verify: false, feature: feature, schema: schema)

    let reader = try LogReader(file: file, feature: feature)
    let migration = try MigrationChain(
      recorded: reader.header.schema, current: schema, migrations: migrations, feature: feature, path: reader.path)
    let header = LogHeader(
      feature: reader.header.feature, schema: schema, created: reader.header.created,
      checkpointInterval: reader.header.checkpointInterval, snapshotInterval: reader.header.snapshotInterval,
      redactionPlaceholder: reader.header.redactionPlaceholder,
      initialState: try LogJSONEncoder().encodeValue(Redaction.apply(start.state)).canonicalized)
    // The state at `from` is the excerpt's initial state: nothing before it is folded again.
    let fold = try ReplayFold(
      reducer: reducer, header: header, path: reader.path, until: nil, snapshot: 0, verify: false, migration: .none)
    DrawTape.installOnThisThread(fold.tape)
    defer { DrawTape.installOnThisThread(nil) }
    if let location = eventLocation?(from + 1) {
      try reader.seek(toEventAt: location.offset, line: location.line, seq: from + 1)
    }

    var bytes = try header.line()
    let decoder = fold.decoder
    let interval = UInt64(header.checkpointInterval)
    let snapshotInterval = UInt64(header.snapshotInterval)
    var written: UInt64 = 0
    var lastLineIsCheckpoint = false
    while let record = try reader.next() {
      guard case .event(let event) = record, event.seq > from else { continue }
      guard event.seq <= to else { break }
      let action: R.Action
      do {
        action = try ReplayFold<R>.decodeAction(event.action, migration: migration, decoder: decoder)
      } catch {
        throw ReplayFold<R>.undecodableAction(error, action: event.action, path: reader.path, line: event.line, seq: event.seq)
      }
      let seq = event.seq - from
      _ = try fold.event(seq: seq, line: event.line, draws: event.draws) { action }
      try eachState?(event.seq, fold.state)
      try LogLineWriter.appendEvent(
        seq: seq, t: event.t, origin: event.origin, action: action, draws: event.draws,
        sentDuring: event.sentDuring.flatMap { $0 > from ? $0 - from : nil }, site: event.site.map { renumbered($0, from: from) },
        encoder: LogJSONEncoder(), into: &bytes)
      written = seq
      lastLineIsCheckpoint = false
      if seq % interval == 0 {
        try appendCheckpoint(seq: seq, state: fold.state, snapshot: seq % snapshotInterval == 0, into: &bytes)
        lastLineIsCheckpoint = true
      }
    }
    guard written == to - from else {
      throw LogReadError(
        .seqPastEnd, file: reader.path, message: "seq \(to) is past the end of the log: the last seq is \(from + written)")
    }
    if !lastLineIsCheckpoint {
      try appendCheckpoint(seq: written, state: fold.state, snapshot: true, into: &bytes)
    }
    return bytes
  }
}

/// A site in an excerpt that starts after `from`: an effect started by a seq the excerpt keeps
/// names it renumbered; one started before the excerpt keeps its line and loses the seq.
private func renumbered(_ site: SendSite, from: UInt64) -> SendSite {
  var site = site
  site.effectOf = site.effectOf.flatMap { $0 > from ? $0 - from : nil }
  return site
}
