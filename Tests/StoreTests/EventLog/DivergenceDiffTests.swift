import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

/// A divergence names the top-level fields that differ and shows how: recorded against replayed
/// where the log holds the state, the replayed values alone where it holds only field digests.
@MainActor
struct DivergenceDiffTests {
  let folder = TemporaryFolder()

  /// Four notes of 300 bytes: the state's canonical JSON is over 1 KiB, so a checkpoint that is
  /// not a snapshot carries field digests instead of the state.
  static let largeState = Probe.State(notes: Array(repeating: String(repeating: "x", count: 300), count: 4))

  /// Adds 1…6 at checkpoints every 2 events, snapshots only every 100 (and at the end): totals
  /// 1, 3, 6, 10, 15, 21. DriftedProbe(from: 10) adds 1 more from seq 4 on, so replay
  /// diverges at checkpoint 4 (line 7), after checkpoint 2 matched.
  func recordAdds(from initialState: Probe.State) async throws -> URL {
    let file = folder.file()
    _ = try await recordProbe(
      (1...6).map { .add($0) }, to: file, initialState: initialState,
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 100))
    return file
  }

  func divergence(_ file: URL) -> ReplayDivergence? {
    #expect(throws: ReplayDivergence.self) { try Replayer(reducer: DriftedProbe(from: 10)).replay(file: file) }
  }

  @Test func aSmallStateIsInEveryCheckpointSoTheDiffIsExactAndNamesTheField() async throws {
    let file = try await recordAdds(from: Probe.State())
    let lines = try logLines(file)
    #expect(lines[6].hasPrefix(#"{"checkpoint":4,"digest":""#))
    #expect(lines[6].contains(#""state":{"items":[],"notes":[],"password":"","ratio":1,"text":"","total":10,"user":""}"#))
    #expect(!lines[6].contains(#""fields""#))
    let divergence = divergence(file)
    #expect(divergence?.differingFields == ["total"])
    #expect(divergence?.replayedValues == nil)
    #expect(divergence?.actions == [.init(seq: 3, json: #"{"add":{"_0":3}}"#), .init(seq: 4, json: #"{"add":{"_0":4}}"#)])
    #expect(
      divergence?.description == """
        \(file.path):7: state diverged at or before seq 4; the last matching checkpoint was seq 2
        fields that differ: total
        recorded (−) vs replayed (+):
          Probe.State(
            text: "",
            notes: [],
        -   total: 10,
        +   total: 11,
            ratio: 1.0,
            flag: nil,
            user: "",
            password: "",
            items: []
          )
        the 2 actions since seq 2:
          seq 3: {"add":{"_0":3}}
          seq 4: {"add":{"_0":4}}
        """)
  }

  @Test func aLargeStatesCheckpointNamesTheFieldAndShowsOnlyItsReplayedValue() async throws {
    let file = try await recordAdds(from: Self.largeState)
    let line = try logLines(file)[6]
    #expect(line.hasPrefix(#"{"checkpoint":4,"digest":""#))
    #expect(!line.contains(#""state""#))
    // Every field of the state (a nil `flag` is left out), in canonical order: the digest of
    // each value's canonical JSON.
    let notes = "[" + Array(repeating: "\"" + String(repeating: "x", count: 300) + "\"", count: 4).joined(separator: ",") + "]"
    let empty = hex(#""""#)
    #expect(
      line.contains(
        #","fields":{"items":"\#(hex("[]"))","notes":"\#(hex(notes))","password":"\#(empty)","ratio":"\#(hex("1"))","text":"\#(empty)","total":"\#(hex("10"))","user":"\#(empty)"},"crc":""#
      ), "\(line)")
    let checkpoint = try #require(checkpoints(file).first { $0.seq == 4 })
    #expect(checkpoint.fields?.map(\.key) == ["items", "notes", "password", "ratio", "text", "total", "user"])
    #expect(checkpoint.fields?.first { $0.key == "total" }?.digest == StateDigest.fnv1a64(Array("10".utf8)))
    #expect(checkpoint.fields?.first { $0.key == "items" }?.digest == StateDigest.fnv1a64(Array("[]".utf8)))

    let divergence = divergence(file)
    #expect(divergence?.differingFields == ["total"])
    #expect(divergence?.diff == nil)
    #expect(divergence?.replayedValues == "  total: 11")
    #expect(
      divergence?.description == """
        \(file.path):7: state diverged at or before seq 4; the last matching checkpoint was seq 2
        fields that differ: total
        replayed values of those fields (the log holds only their digests, not the recorded values):
          total: 11
        the 2 actions since seq 2:
          seq 3: {"add":{"_0":3}}
          seq 4: {"add":{"_0":4}}
        """)
  }

  @Test func aChangeToSeveralFieldsNamesEachAndShowsNestedValues() async throws {
    let file = folder.file()
    _ = try await recordProbe(
      [.type("a"), .addItem(id: 1, name: "one"), .type("b"), .addItem(id: 2, name: nil)], to: file,
      initialState: Self.largeState, options: RecorderOptions(fsync: .never, checkpointInterval: 4))
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: ShoutingProbe()).replay(file: file)
    }
    #expect(divergence?.differingFields == ["items", "text"])
    #expect(
      divergence?.replayedValues == """
          items: [
            [0]: Probe.Item(
              id: 1,
              name: "ONE"
            ),
            [1]: Probe.Item(
              id: 2,
              name: nil
            )
          ]
          text: "B"
        """)
  }

  @Test func manyActionsSinceTheLastMatchShowTheLastOnly() async throws {
    let file = folder.file()
    _ = try await recordProbe(
      (1...20).map { .add($0) }, to: file, options: RecorderOptions(fsync: .never, checkpointInterval: 10))
    // Totals 1, 3, 6, 10, 15, 21: DriftedProbe(from: 20) drifts at seq 6, checkpoint 10 sees it.
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: DriftedProbe(from: 20)).replay(file: file)
    }
    #expect(divergence?.seq == 10)
    #expect(divergence?.actions == [.init(seq: 10, json: #"{"add":{"_0":10}}"#)])
    #expect(divergence?.description.hasSuffix("\nthe last of the 10 actions since seq 0:\n  seq 10: {\"add\":{\"_0\":10}}") == true)
  }

  @Test func aReplayFromASnapshotCountsTheActionsFromThere() async throws {
    let file = folder.file()
    _ = try await recordProbe(
      (1...10).map { .add($0) }, to: file, options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
    // From the snapshot at 4 (total 10): 15 at seq 5, then 21, which DriftedProbe(from: 20) makes 22.
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: DriftedProbe(from: 20)).replay(file: file, until: 7)
    }
    #expect(divergence?.seq == 6)
    #expect(divergence?.lastMatchingSeq == 4)
    #expect(divergence?.actions == [.init(seq: 5, json: #"{"add":{"_0":5}}"#), .init(seq: 6, json: #"{"add":{"_0":6}}"#)])
  }

  @Test func aLogWithoutFieldDigestsStillReplaysAndDivergesAsBefore() async throws {
    let file = try await recordAdds(from: Self.largeState)
    try removeFieldDigests(file)
    #expect(try !String(contentsOf: file, encoding: .utf8).contains(#""fields""#))
    #expect(try Replayer(reducer: Probe()).replay(file: file).verifiedCheckpoints == 3)
    let divergence = divergence(file)
    #expect(divergence?.seq == 4)
    #expect(divergence?.differingFields == nil)
    #expect(divergence?.diff == nil)
    #expect(divergence?.replayedValues == nil)
    #expect(
      divergence?.description == """
        \(file.path):7: state diverged at or before seq 4; the last matching checkpoint was seq 2
        the 2 actions since seq 2:
          seq 3: {"add":{"_0":3}}
          seq 4: {"add":{"_0":4}}
        """)
  }

  @Test(arguments: [false, true])
  func aStateThatIsNotAnObjectHasNoFieldDigests(large: Bool) async throws {
    let file = folder.file()
    let text = large ? String(repeating: "y", count: 600) : "y"
    let recorder = try Recorder<[String], Lines.Action>(
      file: file, feature: "lines", initialState: [], options: RecorderOptions(fsync: .never, checkpointInterval: 2))
    let store = Store(initialState: [], reducer: Lines(), plugins: [recorder])
    for _ in 1...4 { store.send(.append(text)) }
    try await recorder.close()
    let lines = try logLines(file)
    #expect(lines[3].hasPrefix(#"{"checkpoint":2,"#))
    #expect(!lines[3].contains(#""fields""#))
    #expect(lines[3].contains(#""state":["#) == !large)
    #expect(try Replayer(reducer: Lines()).replay(file: file).state == Array(repeating: text, count: 4))
    let divergence = #expect(throws: ReplayDivergence.self) {
      try Replayer(reducer: Lines(suffix: "!")).replay(file: file)
    }
    #expect(divergence?.seq == 2)
    #expect(divergence?.differingFields == nil)
    #expect(divergence?.replayedValues == nil)
    #expect((divergence?.diff != nil) == !large, "\(divergence?.description ?? "")")
    #expect(divergence?.diff?.contains("+   [0]: \"y!\"") ?? large)
  }

  @Test func aRecordedStateThatNoLongerDecodesIsDiffedAsJSON() async throws {
    let file = folder.file()
    let recorder = try Recorder<Modes.State, Modes.Action>(
      file: file, feature: "modes", initialState: .init(), options: RecorderOptions(fsync: .never, checkpointInterval: 2))
    let store = Store(initialState: .init(), reducer: Modes(), plugins: [recorder])
    store.send(.set("b"))
    store.send(.count)
    try await recorder.close()
    // The replaying build has no mode "b" any more, so the recorded state does not decode.
    let divergence = #expect(throws: ReplayDivergence.self) { try Replayer(reducer: StrictModes()).replay(file: file) }
    #expect(divergence?.differingFields == ["mode"])
    #expect(
      divergence?.diff == """
        -   mode: "b"
        +   mode: "a"
        """)
  }

  // MARK: Helpers

  func logLines(_ file: URL) throws -> [String] {
    String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func checkpoints(_ file: URL) throws -> [LogCheckpoint] {
    let reader = try LogReader(file: file)
    var checkpoints: [LogCheckpoint] = []
    while let record = try reader.next() {
      if case .checkpoint(let checkpoint) = record { checkpoints.append(checkpoint) }
    }
    return checkpoints
  }

  func hex(_ json: String) -> String { StateDigest.hex(StateDigest.fnv1a64(Array(json.utf8))) }

  /// Rewrites the log as a writer before field digests wrote it: each checkpoint without its
  /// `"fields"`, sealed again.
  func removeFieldDigests(_ file: URL) throws {
    var bytes: [UInt8] = []
    for line in try logLines(file) {
      guard let range = line.range(of: #","fields":\{[^}]*\}"#, options: .regularExpression) else {
        bytes += Array(line.utf8) + [0x0A]
        continue
      }
      var payload = line
      payload.removeSubrange(range)
      let start = bytes.count
      bytes += Array(payload.utf8.dropLast(LogLine.suffixLength))
      LogLine.seal(&bytes, payloadStart: start)
    }
    try Data(bytes).write(to: file)
  }
}

/// Probe with one rule changed: typed text and item names come out in capitals.
struct ShoutingProbe: Reducer {
  func reduce(into state: inout Probe.State, action: Probe.Action) -> Effect<Probe.Action> {
    switch action {
    case .type(let text): state.text = text.uppercased()
    case .addItem(let id, let name): state.items.append(Probe.Item(id: id, name: name?.uppercased()))
    default: _ = Probe().reduce(into: &state, action: action)
    }
    return .none
  }
}

/// A feature whose state is a JSON array, not an object. `suffix` changes what it appends.
struct Lines: Reducer {
  enum Action: Codable, Equatable, Sendable {
    case append(String)
  }

  var suffix = ""

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    guard case .append(let line) = action else { return .none }
    state.append(line + suffix)
    return .none
  }
}

/// A feature with a free-text mode, and the same feature after the mode became an enum without
/// "b": a state recorded by the first does not decode in the second.
struct Modes: Reducer {
  struct State: Codable, Equatable, Sendable {
    var mode = "a"
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case set(String)
    case count
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let mode): state.mode = mode
    case .count: state.count += 1
    }
    return .none
  }
}

struct StrictModes: Reducer {
  struct State: Codable, Equatable, Sendable {
    enum Mode: String, Codable, Sendable { case a }
    var mode = Mode.a
    var count = 0
  }

  func reduce(into state: inout State, action: Modes.Action) -> Effect<Modes.Action> {
    switch action {
    case .set(let mode): state.mode = State.Mode(rawValue: mode) ?? .a
    case .count: state.count += 1
    }
    return .none
  }
}
