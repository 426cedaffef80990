import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// A reducer that makes ids the way the issue's user did first: `UUID()`, straight.
private struct Sloppy: Reducer {
  func reduce(into state: inout Ledger.State, action: Ledger.Action) -> Effect<Ledger.Action> {
    state.entries.append(Ledger.Entry(id: UUID(), at: fixedDate, roll: 0))
    return .none
  }
}

/// The Ledger, changed to draw one more id per entry than when its logs were recorded.
private struct GreedyLedger: Reducer {
  @Dependency(\.uuid) var uuid
  let ledger = Ledger()

  func reduce(into state: inout Ledger.State, action: Ledger.Action) -> Effect<Ledger.Action> {
    _ = uuid()
    return ledger.reduce(into: &state, action: action)
  }
}

/// ★ What a reducer draws through `uuid`, `date` and `withRandomNumberGenerator` is recorded
/// with its event, and replay hands it back: the log replays to the same states every time.
/// A reducer that reads `UUID()` directly is caught by replaying twice.
@MainActor
struct ReplaySafeDrawsTests {
  let folder = TemporaryFolder()

  /// Records `count` live `.add`s of the Ledger (live ids, dates and rolls), through a real
  /// store and recorder. Returns the live final state.
  func recordLedger<R: Reducer<Ledger.State, Ledger.Action>>(
    _ reducer: R, count: Int = 30, to file: URL, checkpointInterval: Int = 4
  ) async throws -> Ledger.State {
    let recorder = try Recorder<Ledger.State, Ledger.Action>(
      file: file, feature: "ledger", initialState: Ledger.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: checkpointInterval, snapshotInterval: checkpointInterval * 2))
    let store = Store(initialState: Ledger.State(), reducer: reducer, plugins: [recorder]) {
      $0.uuid = .live
      $0.date = .live
      $0.withRandomNumberGenerator = .live
    }
    for _ in 0..<count { store.send(.add) }
    try await recorder.close()
    return store.state
  }

  // An excerpt of a log (`refold devtools` exports one) keeps each event's draws: it replays,
  // verified, to the state the whole log reaches, from the state where it starts.
  @Test func anExcerptKeepsTheDrawsAndReplaysToTheSameState() async throws {
    let file = folder.file()
    let live = try await recordLedger(Ledger(), count: 13, to: file)
    let bytes = try Replayer(reducer: Ledger()).excerpt(file: file, from: 5, to: 13, feature: "ledger", schema: 1)
    let excerpt = folder.file()
    try Data(bytes).write(to: excerpt)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#"{"seq":1,"#) && text.contains(#"{"seq":8,"#) && !text.contains(#"{"seq":9,"#))
    #expect(text.contains(#""draws":[{"uuid":""#))
    let replayed = try Replayer(reducer: Ledger()).replay(file: excerpt, verify: true, feature: "ledger")
    #expect(replayed.state == live)
    #expect(replayed.eventCount == 8)
    #expect(replayed.verifiedCheckpoints == 2, "at its seqs 4 and 8, the last")
    let start = try Replayer(reducer: Ledger()).replay(file: excerpt, until: 0).state
    #expect(start.entries.count == 5)

    #expect(throws: LogReadError.self) {
      try Replayer(reducer: Ledger()).excerpt(file: file, from: 5, to: 14, feature: "ledger", schema: 1)
    }
  }

  @Test func aLogOfLiveDrawsReplaysToTheSameStatesEveryTime() async throws {
    let file = folder.file()
    let live = try await recordLedger(Ledger(), to: file)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""origin":"send","draws":[{"uuid":""#))
    #expect(text.contains(#"{"date":"#) && text.contains(#"{"random":"#))
    let first = try Replayer(reducer: Ledger()).replay(file: file)
    let second = try Replayer(reducer: Ledger()).replay(file: file)
    #expect(first.state == live)
    #expect(second.state == live)
    #expect(first.verifiedCheckpoints > 0)
  }

  @Test func theParallelReaderHandsBackTheSameDraws() async throws {
    let file = folder.file()
    let live = try await recordLedger(Ledger(), count: 400, to: file)
    var replayer = Replayer(reducer: Ledger())
    replayer.reading = .parallel(workers: 2, chunkSize: 4 << 10)
    #expect(try replayer.replay(file: file).state == live)
  }

  @Test func seekingToASeqFromASnapshotKeepsTheDraws() async throws {
    let file = folder.file()
    _ = try await recordLedger(Ledger(), count: 30, to: file)
    let fromStart = try {
      var replayer = Replayer(reducer: Ledger())
      replayer.seeksFromSnapshots = false
      return try replayer.replay(file: file, until: 21).state
    }()
    #expect(try Replayer(reducer: Ledger()).replay(file: file, until: 21).state == fromStart)
  }

  @Test func aCleanLogPassesTheDeterminismCheck() async throws {
    let file = folder.file()
    let live = try await recordLedger(Ledger(), to: file)
    var replayer = Replayer(reducer: Ledger())
    replayer.checksDeterminism = true
    let result = try replayer.replay(file: file)
    #expect(result.state == live)
    #expect(result.foldedEvents == 30)
  }

  @Test func aReducerThatCallsUUIDDirectlyIsNamedAtItsFirstEventWithADiff() async throws {
    let file = folder.file()
    _ = try await recordLedger(Sloppy(), to: file)
    var replayer = Replayer(reducer: Sloppy())
    replayer.checksDeterminism = true
    let divergence = #expect(throws: ReplayDivergence.self) { try replayer.replay(file: file) }
    #expect(divergence?.seq == 1)
    #expect(divergence?.line == 2)
    #expect(divergence?.reason?.contains("two replays of the same log disagree after this event") == true)
    #expect(divergence?.diff?.contains("id: UUID(") == true)
    #expect(divergence?.description.hasPrefix("\(file.path):2: replay diverged at seq 1: two replays") == true)
    #expect(divergence?.actions.map(\.seq) == [1])
  }

  @Test func aReducerThatDrawsDifferentlyFromTheLogIsNamedAtTheEvent() async throws {
    let file = folder.file()
    _ = try await recordLedger(Ledger(), count: 3, to: file)
    let divergence = #expect(throws: ReplayDivergence.self) { try Replayer(reducer: GreedyLedger()).replay(file: file) }
    #expect(divergence?.seq == 1)
    #expect(divergence?.reason?.contains("the draws do not match: the reducer drew a uuid (draw 2), but the log recorded a date there") == true)
    #expect(divergence?.actions.map(\.seq) == [1])
    #expect(divergence?.description.contains("\nthe action at seq 1: {\"") == true, "\(divergence?.description ?? "")")
  }
}

/// The `"draws"` member: written exactly, read back exactly, and refused with a reason.
struct EventDrawsTests {
  @Test func drawsRoundTripExactly() throws {
    let draws: [Draw] = [
      .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
      .date(Date(timeIntervalSinceReferenceDate: 785_000_000.123_456_789)),
      .date(Date(timeIntervalSince1970: 1_763_740_800.000_001)),
      .random(.max),
      .random(0),
      .read("settings", .object(JSONObject(["volume": .double(0.25), "label": .string("a\"b/ü")]))),
      .read("flag", .bool(true)),
    ]
    var bytes: [UInt8] = Array("{".utf8)
    EventDraws.append(draws, to: &bytes)
    bytes.append(contentsOf: Array(#""action":1}"#.utf8))
    let value = try bytes.withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }
    let parsed = try EventDraws.parse(value.objectValue!["draws"]!)
    #expect(parsed == draws)
  }

  @Test func noDrawsWriteNothing() {
    var bytes: [UInt8] = []
    EventDraws.append([], to: &bytes)
    #expect(bytes.isEmpty)
  }

  @Test(arguments: [
    (#"{"uuid":"nope"}"#, #"draw 1 of the event's "draws": "uuid" is not a UUID"#),
    (#"{"date":"today"}"#, #"draw 1 of the event's "draws": "date" is not a number of seconds"#),
    (#"{"random":-1}"#, #"draw 1 of the event's "draws": "random" is not an unsigned 64-bit integer"#),
    (#"{"dice":4}"#, #"draw 1 of the event's "draws" is a "dice"; a draw is a "uuid", a "date", a "random" or a "read""#),
    (#"{"read":{"a":1,"b":2}}"#, #"draw 1 of the event's "draws": "read" is not an object with one member, the name read and its value"#),
    (#"4"#, #"draw 1 of the event's "draws" is not an object with one member"#),
  ])
  func aMalformedDrawIsRefusedWithAReason(draw: String, message: String) throws {
    let value = try Array("[\(draw)]".utf8).withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }
    #expect {
      try EventDraws.parse(value)
    } throws: { error in
      guard case .malformed(let text) = error as? LogLineParser.Problem else { return false }
      return text == message
    }
  }
}
