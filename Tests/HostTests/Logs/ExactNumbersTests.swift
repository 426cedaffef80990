import BuiltinFeatures
import EventLog
import Foundation
import InternalTestSupport
@testable import JSONCodec
import Reducers
import Store
import Testing

@testable import Host

/// Every `Double`, `Float` and `Date` comes back from a log bit for bit: in the state, in an
/// action, and drawn through `@Dependency(\.date)`; through replay, through the test that
/// `test-gen` writes, and through the devtools' state view and exports. A date that lost its
/// last bits on the way through test-gen made the generated test fail at once (issue 53).
@MainActor
struct ExactNumbersTests {
  /// The values a log must carry exactly: signed zeros, subnormals, the largest, 17-digit
  /// decimals, whole numbers past 2^53, and random bit patterns of every magnitude.
  struct Values {
    private var random: SplitMix64
    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    static let specialDoubles: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
      .leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1, 0.1, 1.0 / 3,
      0.30000000000000004, 2.2250738585072014e-308, 1.7976931348623157e308,
      9_007_199_254_740_992, 0x1p53 + 2, 0x1p63, 0x1p64, 123456789.12345679, 817_606_723.696_209_1,
    ]
    static let specialFloats: [Float] = [
      0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, 0.1, 1.0 / 3, 16_777_216, 16_777_218, 3.4028235e38,
    ]

    /// A finite double from a random bit pattern, or one of the special ones.
    mutating func double() -> Double {
      if next() % 3 == 0 { return Self.specialDoubles[Int(next() % UInt64(Self.specialDoubles.count))] }
      while true {
        let value = Double(bitPattern: next())
        if value.isFinite { return value }
      }
    }

    mutating func float() -> Float {
      if next() % 3 == 0 { return Self.specialFloats[Int(next() % UInt64(Self.specialFloats.count))] }
      while true {
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
        if value.isFinite { return value }
      }
    }

    /// A date near now, to the last bit of its `Double` (as `Date()` gives), or anywhere at all.
    mutating func date() -> Date {
      if next() % 2 == 0 {
        let now = 817_606_723.696_209_1 + Double(next() % 1_000_000) / 1_048_576
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: now.bitPattern ^ (next() & 0xFFFF)))
      }
      return Date(timeIntervalSinceReferenceDate: double())
    }
  }

  /// A feature whose state keeps every number its actions carry and every date it draws.
  struct Numbers: RefoldFeature {
    struct State: Codable, Equatable, Sendable {
      var doubles: [Double] = []
      var floats: [Float] = []
      var dates: [Date] = []
      var drawn: [Date] = []
    }

    enum Action: Codable, Equatable, Sendable {
      case add(Double, Float, Date)
      case stamp
    }

    static let featureName = "exactNumbers"
    static let summary = "Numbers that must come back exactly."
    static let exampleActions: [Action] = [.stamp]
    static func initialState(in environment: FeatureEnvironment) -> State { State() }
    init(environment: FeatureEnvironment) {}
    init() {}

    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .add(double, float, date):
        state.doubles.append(double)
        state.floats.append(float)
        state.dates.append(date)
      case .stamp:
        state.drawn.append(date.now)
      }
      return .none
    }
  }

  /// The state's numbers as bits, so that `-0.0` and `0` differ, as they must.
  struct Bits: Equatable, CustomStringConvertible {
    var doubles: [UInt64]
    var floats: [UInt32]
    var dates: [UInt64]
    var drawn: [UInt64]

    init(_ state: Numbers.State) {
      doubles = state.doubles.map(\.bitPattern)
      floats = state.floats.map(\.bitPattern)
      dates = state.dates.map(\.timeIntervalSinceReferenceDate.bitPattern)
      drawn = state.drawn.map(\.timeIntervalSinceReferenceDate.bitPattern)
    }

    var description: String {
      func hex<T: BinaryInteger>(_ values: [T]) -> String { values.map { "0x" + String($0, radix: 16) }.joined(separator: ",") }
      return "doubles [\(hex(doubles))] floats [\(hex(floats))] dates [\(hex(dates))] drawn [\(hex(drawn))]"
    }
  }

  /// A recorded session: its log, and the live state after each seq (index 0 the initial one).
  struct Recording {
    let directory: TemporaryDirectory
    let log: URL
    let states: [Numbers.State]
    let drawn: [Date]
  }

  static let events = 120

  static func record(seed: UInt64) async throws -> Recording {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("numbers.log")
    var values = Values(seed: seed)
    let tape = DateTape((0..<events).map { _ in values.date() })
    let recorder = try Recorder<Numbers.State, Numbers.Action>(
      file: log, feature: Numbers.featureName, initialState: Numbers.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 7))
    let store = Store(initialState: Numbers.State(), reducer: Numbers(), plugins: [recorder]) {
      $0.date = DateGenerator { tape.next() }
    }
    var states = [store.state]
    for _ in 0..<events {
      let action: Numbers.Action = values.next() % 2 == 0 ? .stamp : .add(values.double(), values.float(), values.date())
      await store.send(action).finish()
      states.append(store.state)
    }
    try await recorder.close()
    return Recording(directory: directory, log: log, states: states, drawn: tape.handedOut)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func replayGivesBackEveryStateBitForBit(seed: UInt64) async throws {
    let recording = try await Self.record(seed: seed)
    #expect(!recording.drawn.isEmpty, "the session drew no date")
    for seq in [1, 6, 7, 8, 50, Self.events] {
      let replayed = try Replayer(reducer: Numbers()).replay(file: recording.log, until: UInt64(seq), verify: true)
      #expect(Bits(replayed.state) == Bits(recording.states[seq]), "seed \(seed), seq \(seq)")
    }
  }

  /// The test `test-gen` writes hands back each drawn date and expects each state exactly.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theGeneratedTestCarriesEveryDrawAndStateBitForBit(seed: UInt64) async throws {
    let recording = try await Self.record(seed: seed)
    let text = try await TestGenerator.generate(Numbers.self, .init(file: recording.log.path))
    try Self.expectExact(generated: text, recording, seed: seed)
  }

  /// The devtools page: the state it shows, and its exports (a log, a test, Redux's lifted state).
  @Test(arguments: [1, 2] as [UInt64])
  func theDevtoolsStatesAndExportsAreBitForBit(seed: UInt64) async throws {
    let recording = try await Self.record(seed: seed)
    let inspected = try InspectedLog(
      name: "numbers.log", path: recording.log.path, features: FeatureRegistry([Numbers.self]))
    let last = UInt64(Self.events)

    for seq in [0, 3, 7, last] {
      let shown = try inspected.state(at: seq)
      #expect(Bits(try Self.decode(shown["state"] ?? .null)) == Bits(recording.states[Int(seq)]), "seed \(seed), state at \(seq)")
    }

    let reduxBytes = try await inspected.export(.redux, from: 0, to: last)
    let redux = try reduxBytes.withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }
    let computed = try #require(redux["computedStates"]?.arrayValue)
    #expect(computed.count == recording.states.count)
    for (seq, entry) in computed.enumerated() {
      #expect(Bits(try Self.decode(entry["state"] ?? .null)) == Bits(recording.states[seq]), "seed \(seed), Redux state \(seq)")
    }

    let excerpt = recording.directory.url.appendingPathComponent("excerpt.log")
    try Data(try await inspected.export(.log, from: 10, to: last)).write(to: excerpt)
    let replayed = try Replayer(reducer: Numbers()).replay(file: excerpt, verify: true)
    #expect(Bits(replayed.state) == Bits(recording.states[Int(last)]), "seed \(seed), exported log")

    let test = String(decoding: try await inspected.export(.test, from: 0, to: last), as: UTF8.self)
    try Self.expectExact(generated: test, recording, seed: seed)
  }

  /// A draw as test-gen writes it gives back the very date, for dates as `Date()` makes them.
  @Test func everyDateSurvivesTheGeneratedDraw() throws {
    var values = Values(seed: 9)
    for _ in 0..<10_000 {
      let date = values.date()
      let text = SwiftSource.draw(.date(date))
      #expect(try Self.drawnDates(in: text) == [date.timeIntervalSinceReferenceDate.bitPattern], "\(text)")
    }
  }

  /// The issue's case: `following` records two follows at `Date()`, and the test written from
  /// its log, played as written (its draws handed back, its states expected), passes.
  @Test func theFollowingLogsGeneratedTestPasses() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("following.log")
    let recorder = try Recorder<Following.State, Following.Action>(
      file: log, feature: Following.featureName, initialState: Following.State(),
      options: RecorderOptions(fsync: .never, schemaVersion: Following.schemaVersion))
    let store = Store(initialState: Following.State(), reducer: Following(), plugins: [recorder]) { $0.date = .live }
    await store.send(.followTapped(id: 1)).finish()
    await store.send(.followTapped(id: 3)).finish()
    try await recorder.close()

    let text = try await TestGenerator.generate(Following.self, .init(file: log.path))
    // The events' `.send(…)`, not the steps' `store.send(…)`.
    let actions = try Self.rawLiterals(in: text, after: "      .send(")
    let draws = try Self.drawnDates(in: text).map { Date(timeIntervalSinceReferenceDate: Double(bitPattern: $0)) }
    let states = try Self.rawLiterals(in: text, after: "$0 = try session.state(")
    try #require(actions.count == 2 && draws.count == 2 && states.count == 2, "\(text)")
    #expect(draws.map(\.timeIntervalSinceReferenceDate.bitPattern) == store.state.people.compactMap(\.followingSince).map(\.timeIntervalSinceReferenceDate.bitPattern))

    let session = try RecordedSession<Following>(
      initialState: try #require(Self.rawLiterals(in: text, after: "initialState: ").first),
      events: zip(actions, draws).map { .send($0, draws: [.date($1)]) })
    // As the generated file does: a step that fails reports an issue, and this test fails.
    let replayed = session.testStore()
    await replayed.send(session.action(1)) { $0 = try session.state(states[0]) }
    await replayed.send(session.action(2)) { $0 = try session.state(states[1]) }
    await replayed.finish()
  }

  // MARK: Reading a generated test back

  /// Checks a generated test's initial state, each state it expects, and each date it hands back.
  static func expectExact(generated text: String, _ recording: Recording, seed: UInt64) throws {
    #expect(
      try drawnDates(in: text) == recording.drawn.map(\.timeIntervalSinceReferenceDate.bitPattern),
      "seed \(seed): the generated draws differ")
    let initial = try #require(rawLiterals(in: text, after: "initialState: ").first)
    #expect(Bits(try decode(initial)) == Bits(recording.states[0]), "seed \(seed), generated initial state")
    // Each action changes the state (a stamp draws, an add appends), so each step asserts one.
    let expected = try rawLiterals(in: text, after: "$0 = try session.state(")
    #expect(expected.count == events, "seed \(seed): \(expected.count) states in the generated test")
    for (index, literal) in expected.enumerated() {
      #expect(Bits(try decode(literal)) == Bits(recording.states[index + 1]), "seed \(seed), generated step \(index + 1)")
    }
  }

  /// The dates a generated file hands back, as the bits of their `timeIntervalSinceReferenceDate`.
  static func drawnDates(in text: String) throws -> [UInt64] {
    let pattern = /\.date\(Date\(timeIntervalSinceReferenceDate: Double\(bitPattern: 0x([0-9a-f]+)\)\)\)/
    let dates = text.matches(of: pattern).map { UInt64($0.1, radix: 16)! }
    // Any other spelling of a date would escape this check: there must be none.
    #expect(text.matches(of: /\.date\(/).count == dates.count, "a draw written another way:\n\(text)")
    return dates
  }

  /// The text of each raw string literal (`#"…"#`) that follows `prefix` in `text`.
  static func rawLiterals(in text: String, after prefix: String) throws -> [String] {
    var literals: [String] = []
    var rest = text[...]
    while let start = rest.range(of: prefix) {
      rest = rest[start.upperBound...]
      let hashes = rest.prefix { $0 == "#" }
      let opening = hashes + "\""
      try #require(rest.hasPrefix(opening), "not a raw literal after \(prefix): \(rest.prefix(40))")
      rest = rest.dropFirst(opening.count)
      let closing = try #require(rest.range(of: "\"" + hashes))
      literals.append(String(rest[..<closing.lowerBound]))
      rest = rest[closing.upperBound...]
    }
    return literals
  }

  static func decode(_ json: String) throws -> Numbers.State {
    try LogJSONDecoder().decode(Numbers.State.self, from: Array(json.utf8))
  }

  static func decode(_ json: JSONValue) throws -> Numbers.State {
    try LogJSONDecoder().decode(Numbers.State.self, from: json)
  }
}

/// The dates a session's `date` dependency hands out, in order, and how many it has.
private final class DateTape: @unchecked Sendable {
  // NB: NSLock, which ThreadSanitizer sees on Linux (Mutex it does not).
  private let lock = NSLock()
  private let dates: [Date]
  private var count = 0

  init(_ dates: [Date]) { self.dates = dates }

  func next() -> Date {
    lock.withLock {
      defer { count += 1 }
      return dates[count]
    }
  }

  var handedOut: [Date] { lock.withLock { Array(dates.prefix(count)) } }
}
