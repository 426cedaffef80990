import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import Effects
@testable import StoreCore

/// The recorder's action encoder: a plain-data action that repeats is written from the JSON
/// kept for it, byte for byte what encoding it again gives; anything else is encoded each time.
struct RecentActionJSONTests {
  enum Tap: Codable, Equatable {
    case increment
    case step(Int)
    case toggle(Bool)
    case scale(Double)
    case pair(Int8, UInt64)
  }

  /// A secret in plain data: the PIN's digits never reach the log.
  enum PinPad: Codable, Redactable {
    case digit(Int)
    case submit
    func redacted() -> Self {
      switch self {
      case .digit: .digit(0)
      case .submit: .submit
      }
    }
  }

  enum Typing: Codable {
    case text(String)
  }

  /// Nine words: more than the 64 bytes an action is kept up to.
  struct Wide: Codable {
    var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9
  }

  static func fresh<A: Encodable>(_ action: A) throws -> [UInt8] {
    try LogJSONEncoder().encode(Redaction.apply(action))
  }

  static func written<A: Encodable>(_ action: A, by encoder: RecentActionJSON<A>) throws -> [UInt8] {
    var buffer = Array("before".utf8)
    try encoder.append(action, to: &buffer)
    #expect(buffer.starts(with: Array("before".utf8)), "what the buffer held is kept")
    return Array(buffer.dropFirst("before".utf8.count))
  }

  @Test func aRepeatedPlainDataActionIsWrittenFromItsKeptJSON() throws {
    let encoder = RecentActionJSON<Tap>(encoder: LogJSONEncoder())
    #expect(encoder.isKeeping)
    for _ in 0..<5 {
      #expect(try Self.written(Tap.step(7), by: encoder) == Array(#"{"step":{"_0":7}}"#.utf8))
    }
    #expect(encoder.hits == 4)
  }

  @Test func everyActionIsWrittenAsEncodingItAgainWould() throws {
    let encoder = RecentActionJSON<Tap>(encoder: LogJSONEncoder())
    // More distinct actions than slots, repeated in two orders, so that slots are shared and
    // replaced; zero and minus zero, which are equal, have different bytes and texts.
    let distinct: [Tap] =
      [.increment, .toggle(true), .toggle(false), .scale(0), .scale(-0.0), .scale(0.1), .pair(-1, .max), .pair(0, 0)]
      + (0..<20).map { .step($0) }
    for action in distinct + distinct.reversed() + distinct {
      #expect(try Self.written(action, by: encoder) == Self.fresh(action), "\(action)")
    }
    #expect(encoder.hits > 0)
  }

  @Test func aKeptActionIsTheRedactedOne() throws {
    let encoder = RecentActionJSON<PinPad>(encoder: LogJSONEncoder())
    #expect(encoder.isKeeping)
    for digit in [4, 4, 1, 4, 9] {
      #expect(try Self.written(PinPad.digit(digit), by: encoder) == Array(#"{"digit":{"_0":0}}"#.utf8))
    }
    #expect(try Self.written(PinPad.submit, by: encoder) == Array(#"{"submit":{}}"#.utf8))
  }

  @Test func actionsWithReferencesOrLargerThanAKeyAreEncodedEachTime() throws {
    let typing = RecentActionJSON<Typing>(encoder: LogJSONEncoder())
    #expect(!typing.isKeeping)
    let wide = RecentActionJSON<Wide>(encoder: LogJSONEncoder())
    #expect(!wide.isKeeping)
    for _ in 0..<3 {
      #expect(try Self.written(Typing.text("hi"), by: typing) == Self.fresh(Typing.text("hi")))
      #expect(try Self.written(Wide(), by: wide) == Self.fresh(Wide()))
    }
    #expect(typing.hits == 0 && wide.hits == 0)
  }

  @Test func anActionThatCannotBeEncodedAppendsNothingAndIsNotKept() throws {
    let encoder = RecentActionJSON<Tap>(encoder: LogJSONEncoder())
    for _ in 0..<2 {
      var buffer = Array("kept".utf8)
      #expect(throws: LogCodecError.self) { try encoder.append(.scale(.nan), to: &buffer) }
      #expect(buffer == Array("kept".utf8))
    }
    #expect(encoder.hits == 0)
    #expect(try Self.written(Tap.scale(2), by: encoder) == Array(#"{"scale":{"_0":2}}"#.utf8))
  }

  /// Through a real recorder: a log of repeated plain-data actions reads back, line by line,
  /// as the encoder writes each action.
  @MainActor
  @Test func aRecordedLogOfRepeatedActionsHoldsEachActionsOwnJSON() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Counter.State, TapCounter.Action>(
      file: file, feature: "taps", initialState: Counter.State(), options: RecorderOptions(fsync: .never))
    let store = Store(initialState: Counter.State(), reducer: TapCounter(), plugins: [recorder])
    let sent: [TapCounter.Action] = (0..<300).map { $0 % 3 == 0 ? .add($0 % 7) : .increment }
    for action in sent { store.send(action) }
    try await recorder.close()
    let reader = try LogReader(file: file)
    var written: [String] = []
    while let record = try reader.next() {
      if case .event(let event) = record { written.append(event.actionJSON) }
    }
    #expect(written == (try sent.map { String(decoding: try Self.fresh($0), as: UTF8.self) }))
    let replayed = try Replayer(reducer: TapCounter()).replay(file: file)
    #expect(replayed.state == store.state)
  }
}

/// A counter whose actions are plain data.
struct TapCounter: Reducer {
  enum Action: Codable, Sendable {
    case increment
    case add(Int)
  }

  func reduce(into state: inout Counter.State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    }
    return .none
  }
}
