import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

/// A feature whose action reader marks what it reads, so that a replay's state shows which
/// path decoded each action: the reader (`"a·read"`) or `Decodable` (`"a"`).
struct Typist: Reducer {
  static let marker = "·read"

  struct State: Codable, Equatable, Sendable {
    var texts: [String] = []
  }

  enum Action: Codable, Equatable, Sendable, LogDecodable {
    case typed(String)

    static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
      guard try json.caseName() == "typed", try json.nextKey() == "_0" else { throw LogJSONReader.Miss() }
      let text = try json.string()
      guard try json.nextKey() == nil else { throw LogJSONReader.Miss() }
      try json.endCase()
      return .typed(text + Typist.marker)
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let text): state.texts.append(text)
    }
    return .none
  }
}

/// Replay reads a ``LogDecodable`` action with its reader, sequentially or in parallel, when no
/// migration rewrites the JSON, and through `Decodable` when the reader gives up.
@MainActor
struct ActionReaderReplayTests {
  let folder = TemporaryFolder()

  func record(_ texts: [String], schema: Int = 1) async throws -> URL {
    let file = folder.file("typist-\(schema).log")
    let recorder = try Recorder<Typist.State, Typist.Action>(
      file: file, feature: "typist", initialState: Typist.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 50, schemaVersion: schema))
    let store = Store(initialState: Typist.State(), reducer: Typist(), plugins: [recorder])
    for text in texts { store.send(.typed(text)) }
    try await recorder.close()
    return file
  }

  func replay(_ file: URL, parallel: Bool = true, migrations: [LogMigration] = [], schema: Int = 1) throws -> [String] {
    var replayer = Replayer(reducer: Typist(), migrations: migrations)
    replayer.reading = parallel ? .parallel(workers: 2, chunkSize: 300) : .sequential
    // Not verified: the marked texts differ from the recorded states on purpose.
    return try replayer.replay(file: file, until: nil, verify: false, feature: "typist", schema: schema).state.texts
  }

  @Test(arguments: [false, true])
  func theReaderReadsWhatItCanAndDecodableTheRest(parallel: Bool) async throws {
    // Distinct texts, so that no action comes from the cache of repeated ones.
    let texts = (0..<200).map { $0 % 10 == 3 ? "line\nbreak \($0)" : "text \($0)" }
    let file = try await record(texts)
    let replayed = try replay(file, parallel: parallel)
    #expect(replayed == texts.map { $0.contains("\n") ? $0 : $0 + Typist.marker })
  }

  @Test(arguments: [false, true])
  func aLogThatNeedsAMigrationIsDecodedThroughDecodable(parallel: Bool) async throws {
    let texts = (0..<100).map { "text \($0)" }
    let file = try await record(texts, schema: 1)
    let replayed = try replay(file, parallel: parallel, migrations: [LogMigration(from: 1, action: { _ in })], schema: 2)
    #expect(replayed == texts)
  }
}
