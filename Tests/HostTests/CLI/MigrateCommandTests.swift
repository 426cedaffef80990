import BuiltinFeatures
import EventLog
import Foundation
import Store
import Testing

@testable import Host
import LogStorage

/// A feature that changed shape twice, hosted by a tool of its own: its schema-1 logs are
/// checked, replayed and rewritten by the build at schema 3.
struct JotterV1: RefoldFeature {
  /// Over 1 KiB encoded: the checkpoints between snapshots hold only digests.
  static let banner = String(repeating: "=", count: 1_100)

  struct State: Codable, Equatable, Sendable {
    var banner = JotterV1.banner
    var text = ""
    var count = 0
  }
  enum Action: Codable, Sendable {
    case typed(String)
  }
  static let featureName = "jotter"
  static let summary = "Notes, as they were."
  static let exampleActions: [Action] = [.typed("a")]
  static func initialState(in environment: FeatureEnvironment) -> State { State() }
  init(environment: FeatureEnvironment) {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard case .typed(let text) = action else { return .none }
    state.text += text
    state.count += 1
    return .none
  }
}

struct JotterV3: RefoldFeature {
  struct State: Codable, Equatable, Sendable {
    var banner = JotterV1.banner
    var text = ""
    var count = 0
    var tag: String
  }
  enum Action: Codable, Sendable {
    case textEntered(String)
    case tagged(String)
  }
  static let featureName = "jotter"
  static let summary = "Notes, as they are."
  static var schemaVersion: Int { 3 }
  static var migrations: [LogMigration] {
    [
      LogMigration(from: 1, action: { $0.renameCase("typed", to: "textEntered") }),
      LogMigration(from: 2, state: { $0.insert("tag", default: "") }),
    ]
  }
  static let exampleActions: [Action] = [.textEntered("a")]
  static func initialState(in environment: FeatureEnvironment) -> State { State(tag: "") }
  init(environment: FeatureEnvironment) {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .textEntered(let text):
      state.text += text
      state.count += 1
    case .tagged(let tag): state.tag = tag
    }
    return .none
  }
}

@Suite(.serialized)
@MainActor
struct MigrateCommandTests {
  /// A schema-1 log with checkpoints at 2 (digest) and 4 (snapshot), recorded by the old tool.
  private static func recordV1(_ directory: TemporaryDirectory) async throws -> String {
    let log = directory.url.appendingPathComponent("jotter-v1.log")
    let recorder = try Recorder<JotterV1.State, JotterV1.Action>(
      file: log, feature: "jotter", initialState: JotterV1.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4, schemaVersion: 1))
    let store = Store(initialState: JotterV1.State(), reducer: JotterV1(environment: .replay), plugins: [recorder])
    for text in ["a", "b", "c", "d"] { store.send(.typed(text)) }
    try await recorder.close()
    return log.path
  }

  private static let v3 = HostConfiguration(commandName: "jotter-tool", features: [JotterV3.self])

  @Test func checkReportsAnOlderLogAsMigratedAndMigrateRewritesIt() async throws {
    let directory = try TemporaryDirectory()
    let log = try await Self.recordV1(directory)
    let junit = directory.url.appendingPathComponent("check.xml").path

    #expect(await Refold.run(Self.v3, arguments: ["check", log, "--junit", junit]) == 0)
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"tests="1" failures="0" errors="0""#))
    let outcome = await CorpusCheck(jobs: 1).run(LogCorpus(paths: [log]), features: FeatureRegistry([JotterV3.self]))
    #expect(outcome.first?.status == .migrated)
    #expect(
      outcome.first?.message
        == "migrated from schema 1 to 3, 1 checkpoint not compared (recorded before a migration changed the state's encoding, without the full state)")

    let migrated = directory.url.appendingPathComponent("jotter-v3.log").path
    #expect(await Refold.run(Self.v3, arguments: ["migrate", log, "--out", migrated]) == 0)
    let result = try Replayer(reducer: JotterV3(environment: .replay)).replay(
      file: URL(fileURLWithPath: migrated), feature: "jotter", schema: 3)
    #expect(result.state == JotterV3.State(text: "abcd", count: 4, tag: ""))
    #expect(result.verifiedCheckpoints == 2, "both fresh checkpoints compare now")
    #expect(result.migratedFrom == nil)

    // Again to the same file: refused, the first one kept.
    let before = try Data(contentsOf: URL(fileURLWithPath: migrated))
    #expect(await Refold.run(Self.v3, arguments: ["migrate", log, "--out", migrated]) == 70)
    #expect(try Data(contentsOf: URL(fileURLWithPath: migrated)) == before)
  }

  @Test func theOldToolCannotReadTheNewLogAndAToolWithoutMigrationsSaysWhatToAdd() async throws {
    let directory = try TemporaryDirectory()
    let log = try await Self.recordV1(directory)
    let bare = HostConfiguration(commandName: "bare-tool", features: [JotterV3Bare.self])
    let outcome = await CorpusCheck(jobs: 1).run(LogCorpus(paths: [log]), features: FeatureRegistry([JotterV3Bare.self]))
    #expect(outcome.first?.status == .unreadable)
    #expect(outcome.first?.message?.contains("add LogMigration(from: 1, …), LogMigration(from: 2, …) to the feature's migrations") == true, "\(outcome.first?.message ?? "")")
    #expect(await Refold.run(bare, arguments: ["replay", log]) == 2)
  }

  @Test func testGenWritesAnOlderLogsActionsAtTheCurrentSchema() async throws {
    let directory = try TemporaryDirectory()
    let log = try await Self.recordV1(directory)
    let out = directory.url.appendingPathComponent("JotterTests.swift").path
    #expect(await Refold.run(Self.v3, arguments: ["test-gen", log, "--out", out]) == 0)
    let source = try String(contentsOfFile: out, encoding: .utf8)
    #expect(source.contains(##".send(#"{"textEntered":{"_0":"a"}}"#)"##), "\(source)")
    #expect(!source.contains("typed"))
    #expect(source.contains(##""text":"","count":0,"tag":""}"#,"##), "\(source)")
  }
}

/// Schema 3 without its migrations.
struct JotterV3Bare: RefoldFeature {
  typealias State = JotterV3.State
  typealias Action = JotterV3.Action
  static let featureName = "jotter"
  static let summary = "Notes, with no way back."
  static var schemaVersion: Int { 3 }
  static let exampleActions: [Action] = [.textEntered("a")]
  static func initialState(in environment: FeatureEnvironment) -> State { State(tag: "") }
  init(environment: FeatureEnvironment) {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    JotterV3(environment: .replay).reduce(into: &state, action: action)
  }
}
