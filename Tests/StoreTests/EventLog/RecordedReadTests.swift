import Foundation
import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// Where the door's lock stands: what the system says, outside the state and the action.
private final class Lock: @unchecked Sendable {
  // Only the main actor (the store's reducer) reads it, and the test writes it between sends.
  var status = "locked"
}

/// Opens the door when the lock allows it, reading the lock through `recordedRead`.
private struct Door: Reducer {
  struct State: Codable, Equatable, Sendable {
    var isOpen = false
    var refusals = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case openTapped
  }

  let lock: Lock
  var readName = "lock"

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let status = recordedRead(readName) { lock.status }
    if status == "unlocked" {
      state.isOpen = true
    } else {
      state.refusals += 1
    }
    return .none
  }
}

/// `Door` changed to read the lock as a number under the same name.
private struct CountingDoor: Reducer {
  func reduce(into state: inout Door.State, action: Door.Action) -> Effect<Door.Action> {
    if recordedRead("lock", { 0 }) > 0 { state.isOpen = true }
    return .none
  }
}

/// ★ A value the reducer reads from outside its state is recorded with the event, and replay
/// hands it back: the log replays to the branch the recording took, whatever the replaying
/// process would read.
@MainActor
struct RecordedReadTests {
  let folder = TemporaryFolder()

  /// Records two taps: refused while locked, then opened once unlocked.
  fileprivate func record(to file: URL) async throws -> Door.State {
    let lock = Lock()
    let recorder = try Recorder<Door.State, Door.Action>(
      file: file, feature: "door", initialState: Door.State(), options: RecorderOptions(fsync: .never))
    let store = Store(initialState: Door.State(), reducer: Door(lock: lock), plugins: [recorder])
    store.send(.openTapped)
    lock.status = "unlocked"
    store.send(.openTapped)
    try await recorder.close()
    return store.state
  }

  @Test func theReadValueIsInTheLogAndReplayTakesItFromThere() async throws {
    let file = folder.file()
    let live = try await record(to: file)
    #expect(live == Door.State(isOpen: true, refusals: 1))
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""draws":[{"read":{"lock":"locked"}}]"#), "\(text)")
    #expect(text.contains(#""draws":[{"read":{"lock":"unlocked"}}]"#), "\(text)")

    // The replaying process's lock says something else: the log's values are taken.
    let jammed = Lock()
    jammed.status = "jammed"
    let replayed = try Replayer(reducer: Door(lock: jammed)).replay(file: file, verify: true)
    #expect(replayed.state == live)
    var parallel = Replayer(reducer: Door(lock: jammed))
    parallel.reading = .parallel(workers: 2, chunkSize: 4 << 10)
    #expect(try parallel.replay(file: file).state == live)
  }

  @Test func aReplayThatReadsAnotherNameStopsThereAndSaysSo() async throws {
    let file = folder.file()
    _ = try await record(to: file)
    var renamed = Door(lock: Lock())
    renamed.readName = "latch"
    let divergence = #expect(throws: ReplayDivergence.self) { try Replayer(reducer: renamed).replay(file: file) }
    #expect(
      divergence?.reason?.contains(#"the reducer drew a read of "latch" (draw 1), but the log recorded a read of "lock" there"#) == true,
      "\(String(describing: divergence))")
    #expect(divergence?.seq == 1)
  }

  @Test func aReplayThatReadsAnotherTypeSaysTheValueDoesNotDecode() async throws {
    let file = folder.file()
    _ = try await record(to: file)
    let divergence = #expect(throws: ReplayDivergence.self) { try Replayer(reducer: CountingDoor()).replay(file: file) }
    #expect(
      divergence?.reason?.contains(
        #"the reducer drew a read of "lock" (draw 1), but the value the log recorded does not decode as the type it reads now"#)
        == true,
      "\(String(describing: divergence))")
  }

  @Test func outsideARecordingItIsTheReadItself() {
    let lock = Lock()
    lock.status = "unlocked"
    let store = Store(initialState: Door.State(), reducer: Door(lock: lock))
    store.send(.openTapped)
    #expect(store.state.isOpen)
  }

  @Test func aTestSpellsARecordedReadAsJSONText() throws {
    #expect(try Draw.read("settings", json: #"{"volume":0.25}"#) == .read("settings", .object(JSONObject(["volume": .double(0.25)]))))
    #expect(throws: (any Error).self) { try Draw.read("settings", json: "{") }
  }
}
