import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

/// A notes feature as it was at schema 1, and as it is at schema 3: schema 2 renamed the action
/// `typed` to `textEntered`, schema 3 added the state field `tag` (set by a new action).
enum Jotter {
  /// Over 1 KiB encoded, so that the recorder writes only digests at the checkpoints between
  /// snapshots (a smaller state is written whole at each).
  static let banner = String(repeating: "=", count: 1_100)

  struct StateV1: Codable, Equatable, Sendable {
    var banner = Jotter.banner
    var text = ""
    var count = 0
  }
  enum ActionV1: Codable, Equatable, Sendable {
    case typed(String)
    case cleared
  }
  struct V1: Reducer {
    func reduce(into state: inout StateV1, action: ActionV1) -> Effect<ActionV1> {
      switch action {
      case .typed(let text): state.text += text
      case .cleared: state.text = ""
      }
      state.count += 1
      return .none
    }
  }

  struct StateV3: Codable, Equatable, Sendable {
    var banner = Jotter.banner
    var text = ""
    var count = 0
    var tag: String
  }
  enum ActionV3: Codable, Equatable, Sendable {
    case textEntered(String)
    case cleared
    case tagged(String)
  }
  struct V3: Reducer {
    /// A later change of behaviour: `cleared` keeps the count.
    var clearingKeepsCount = false

    func reduce(into state: inout StateV3, action: ActionV3) -> Effect<ActionV3> {
      switch action {
      case .textEntered(let text): state.text += text
      case .cleared:
        state.text = ""
        if clearingKeepsCount { return .none }
      case .tagged(let tag): state.tag = tag
      }
      state.count += 1
      return .none
    }
  }

  static let renameTyped = LogMigration(from: 1, action: { $0.renameCase("typed", to: "textEntered") })
  static let addTag = LogMigration(from: 2, state: { $0.insert("tag", default: "") })
  static let migrations = [renameTyped, addTag]

  /// Six events, checkpoints at 2 (digest), 4 (snapshot) and 6 (digest).
  @MainActor
  static func recordV1(to file: URL) async throws {
    let recorder = try Recorder<StateV1, ActionV1>(
      file: file, feature: "notes", initialState: StateV1(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4, schemaVersion: 1))
    let store = Store(initialState: StateV1(), reducer: V1(), plugins: [recorder])
    for action: ActionV1 in [.typed("a"), .typed("b"), .cleared, .typed("c"), .typed("d"), .cleared] {
      store.send(action)
    }
    try await recorder.close()
  }
}

@MainActor
struct MigrationTests {
  let folder = TemporaryFolder()

  @Test func aSchema1LogReplaysWithTheSchema3Reducer() async throws {
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let result = try Replayer(reducer: Jotter.V3(), migrations: Jotter.migrations)
      .replay(file: file, feature: "notes", schema: 3)
    #expect(result.state == Jotter.StateV3(text: "", count: 6, tag: ""))
    #expect(result.migratedFrom == 1)
    // Schema 3 changed the state's encoding: only the snapshot at 4 can be compared.
    #expect(result.verifiedCheckpoints == 1)
    #expect(result.uncomparedCheckpoints == 2)

    // Time travel too: the snapshot at 4, migrated, is where a seek starts.
    let atFive = try Replayer(reducer: Jotter.V3(), migrations: Jotter.migrations)
      .replay(file: file, until: 5, feature: "notes", schema: 3)
    #expect(atFive.startedFromSnapshot == 4)
    #expect(atFive.state == Jotter.StateV3(text: "cd", count: 5, tag: ""))
  }

  @Test func anActionOnlyMigrationKeepsEveryDigestChecked() async throws {
    struct V2: Reducer {
      func reduce(into state: inout Jotter.StateV1, action: Jotter.ActionV3) -> Effect<Jotter.ActionV3> {
        switch action {
        case .textEntered(let text): state.text += text
        case .cleared: state.text = ""
        case .tagged: break
        }
        state.count += 1
        return .none
      }
    }
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let result = try Replayer(reducer: V2(), migrations: [Jotter.renameTyped]).replay(file: file, feature: "notes", schema: 2)
    #expect(result.verifiedCheckpoints == 3)
    #expect(result.uncomparedCheckpoints == 0)
    #expect(result.migratedFrom == 1)
  }

  @Test func aBehaviourChangeIsStillCaughtAtAComparableCheckpoint() async throws {
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: Jotter.V3(clearingKeepsCount: true), migrations: Jotter.migrations)
        .replay(file: file, feature: "notes", schema: 3)
    }
    #expect(divergence?.seq == 4)
    #expect(divergence?.diff?.contains("count: 4") == true, "\(divergence?.diff ?? "no diff")")
    #expect(divergence?.diff?.contains("count: 3") == true)
  }

  @Test func aMissingStepNamesBothVersionsAndWhatToAdd() async throws {
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let missing = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Jotter.V3(), migrations: [Jotter.addTag]).replay(file: file, feature: "notes", schema: 3)
    }
    #expect(missing?.kind == .schemaMismatch)
    #expect(
      missing?.description.hasSuffix(
        "events.log:1: the log was recorded with schema 1 of \"notes\" and this build is at schema 3, but no migration upgrades schema 1 to 2: add LogMigration(from: 1, …) to the feature's migrations"
      ) == true, "\(missing?.description ?? "")")

    let newer = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Jotter.V1(), migrations: Jotter.migrations).replay(file: file, feature: "notes", schema: 0)
    }
    #expect(newer?.description.contains(#"recorded with schema 1 of "notes", a later one than this build's schema 0"#) == true)
  }

  @Test func aMigrationThatThrowsNamesTheEventAndTheStep() async throws {
    struct Refused: Error, CustomStringConvertible { var description: String { "no rule for this case" } }
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let throwing = LogMigration(from: 1, action: { action in
      if action.caseName == "cleared" { throw Refused() }
      action.renameCase("typed", to: "textEntered")
    })
    let error = #expect(throws: LogReadError.self) {
      try Replayer(reducer: Jotter.V3(), migrations: [throwing, Jotter.addTag]).replay(file: file, feature: "notes", schema: 3)
    }
    #expect(error?.kind == .undecodableAction)
    #expect(error?.seq == 3)
    #expect(error?.description.contains("the migration from schema 1 to 2 threw on the action: no rule for this case") == true, "\(error?.description ?? "")")
  }

  @Test func migrateWritesAVerifiedLogAtTheCurrentSchema() async throws {
    let file = folder.file()
    try await Jotter.recordV1(to: file)
    let original = try Data(contentsOf: file)
    let output = folder.file("migrated.log")
    let report = try Replayer(reducer: Jotter.V3(), migrations: Jotter.migrations)
      .migrate(file: file, to: output, feature: "notes", schema: 3)
    #expect(report == LogMigrationReport(from: 1, to: 3, events: 6, checkpoints: 3, verifiedCheckpoints: 3))
    #expect(try Data(contentsOf: file) == original, "the old log is left as it was")

    // The new log needs no migration, and every checkpoint is checked.
    let replayed = try Replayer(reducer: Jotter.V3()).replay(file: output, feature: "notes", schema: 3)
    #expect(replayed.verifiedCheckpoints == 3)
    #expect(replayed.state == Jotter.StateV3(text: "", count: 6, tag: ""))
    // The same events: seq, time and origin kept, actions upgraded.
    let old = try LogReader(file: file)
    let new = try LogReader(file: output)
    #expect(new.header.schema == 3)
    #expect(new.header.created == old.header.created)
    var pairs: [(LogEvent, LogEvent)] = []
    var oldEvents: [LogEvent] = []
    while let record = try old.next() { if case .event(let event) = record { oldEvents.append(event) } }
    while let record = try new.next() {
      if case .event(let event) = record { pairs.append((oldEvents[pairs.count], event)) }
    }
    #expect(pairs.count == 6)
    for (before, after) in pairs {
      #expect(before.seq == after.seq && before.t == after.t && before.origin == after.origin)
    }
    #expect(pairs[0].1.actionJSON == #"{"textEntered":{"_0":"a"}}"#)

    // Never over an existing file.
    #expect(throws: RecorderError.self) {
      try Replayer(reducer: Jotter.V3(), migrations: Jotter.migrations).migrate(file: file, to: output, feature: "notes", schema: 3)
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
  }

  @Test func logJSONHelpersKeepOrderAndExactIntegers() throws {
    let parsed = try Array(#"{"b":9007199254740993,"a":{"x":1}}"#.utf8).withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }
    var state: LogJSON = parsed
    #expect(state.keys == ["b", "a"])
    #expect(state["b"]?.int64Value == 9_007_199_254_740_993)
    let inserted = state.insert("c", default: ["one", 2, true])
    let insertedAgain = state.insert("c", default: "again")
    let renamed = state.renameKey("a", to: "alpha")
    #expect(inserted && !insertedAgain && renamed)
    state["alpha"]?["x"] = 2
    state["b"] = nil
    #expect(state.description == #"{"alpha":{"x":2},"c":["one",2,true]}"#)

    var action: LogJSON = ["typed": ["_0": "a"]]
    #expect(action.caseName == "typed")
    let renamedCase = action.renameCase("typed", to: "textEntered")
    let renamedAgain = action.renameCase("typed", to: "other")
    #expect(renamedCase && !renamedAgain)
    action.casePayload?["_0"] = "b"
    #expect(action.description == #"{"textEntered":{"_0":"b"}}"#)
  }
}
