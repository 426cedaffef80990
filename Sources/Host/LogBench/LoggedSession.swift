import Foundation
import Store

/// A recorded log of a hosted feature, read once and held in memory for `bench --log`: the
/// header's initial state, and every event's action decoded (through the feature's
/// migrations), with the draws its reducer made and the name of its case.
struct LoggedSession<F: RefoldFeature> {
  struct Event {
    let seq: UInt64
    let line: Int
    let draws: [Draw]
    let action: F.Action
    /// Index into ``LoggedSession/caseNames``.
    let caseIndex: Int
  }

  let path: String
  let header: LogHeader
  let migration: MigrationChain
  let events: [Event]
  /// The action cases in the order they first appear: `textChanged`, `signIn.signInTapped`.
  let caseNames: [String]
  let checkpoints: Int

  /// Reads and decodes the whole log; a damaged line or an undecodable action is an error that
  /// names the line, as replay's is.
  init(file path: String) throws(LogReadError) {
    let reader = try LogReader(file: URL(fileURLWithPath: path), feature: F.featureName)
    let migration = try MigrationChain(
      recorded: reader.header.schema, current: F.schemaVersion, migrations: F.migrations, feature: F.featureName,
      path: reader.path)
    let decoder = LogJSONDecoder()
    var events: [Event] = []
    var caseNames: [String] = []
    var caseIndex: [String: Int] = [:]
    var checkpoints = 0
    while let record = try reader.next() {
      switch record {
      case .header:
        continue
      case .checkpoint:
        checkpoints += 1
      case .event(let event):
        let action: F.Action
        do {
          action = try ReplayFold<F>.decodeAction(event.action, migration: migration, decoder: decoder)
        } catch {
          throw ReplayFold<F>.undecodableAction(error, action: event.action, path: reader.path, line: event.line, seq: event.seq)
        }
        let name = actionName(action)
        let index: Int
        if let known = caseIndex[name] {
          index = known
        } else {
          index = caseNames.count
          caseIndex[name] = index
          caseNames.append(name)
        }
        events.append(Event(seq: event.seq, line: event.line, draws: event.draws, action: action, caseIndex: index))
      }
    }
    self.path = reader.path
    self.header = reader.header
    self.migration = migration
    self.events = events
    self.caseNames = caseNames
    self.checkpoints = checkpoints
  }

  /// A fold from the header's state with `reducer` (the feature's, or the floor's), nothing
  /// verified: the caller feeds it the events.
  func startFold<R: Reducer>(with reducer: R) throws -> ReplayFold<R> where R.State == F.State, R.Action == F.Action {
    try ReplayFold(
      reducer: reducer, header: header, path: path, until: nil, snapshot: 0, verify: false, migration: migration)
  }
}
