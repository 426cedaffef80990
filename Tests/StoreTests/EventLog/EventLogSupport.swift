import Foundation
import InternalTestSupport
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// A small feature for the event log tests: strings of every kind, big integers, doubles,
/// optionals, nested values, and a secret.
struct Probe: Reducer {
  struct Item: Codable, Equatable, Sendable {
    var id: Int
    var name: String?
  }

  struct State: Codable, Equatable, Sendable, Redactable {
    var text = ""
    var notes: [String] = []
    var total: Int64 = 0
    var ratio = 1.0
    var flag: Bool?
    var user = ""
    var password = ""
    var items: [Item] = []

    func redacted() -> Self {
      var copy = self
      if !copy.password.isEmpty { copy.password = Redaction.placeholder }
      return copy
    }
  }

  enum Action: Codable, Equatable, Sendable, Redactable {
    case type(String)
    case note(String)
    case add(Int64)
    case scale(Double)
    case setFlag(Bool?)
    case login(user: String, password: String)
    case addItem(id: Int, name: String?)
    case clear

    func redacted() -> Self {
      if case .login(let user, _) = self { return .login(user: user, password: Redaction.placeholder) }
      return self
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .type(let text):
      state.text = text
    case .note(let text):
      state.notes.append(text)
      if state.notes.count > 8 { state.notes.removeFirst() }
    case .add(let amount):
      state.total &+= amount
    case .scale(let factor):
      let product = state.ratio * factor
      state.ratio = product.isFinite ? product : factor
    case .setFlag(let flag):
      state.flag = flag
    case .login(let user, let password):
      state.user = user
      state.password = password
    case .addItem(let id, let name):
      state.items.append(Item(id: id, name: name))
      if state.items.count > 5 { state.items.removeFirst() }
    case .clear:
      state.notes = []
      state.items = []
    }
    return .none
  }
}

/// The same feature with one rule changed, to make replay diverge.
struct DriftedProbe: Reducer {
  let from: Int64
  func reduce(into state: inout Probe.State, action: Probe.Action) -> Effect<Probe.Action> {
    _ = Probe().reduce(into: &state, action: action)
    if case .add = action, state.total >= from { state.total += 1 }
    return .none
  }
}

enum ProbeValues {
  static let strings: [String] = [
    "", "1234", "한글 입력", "백만원 이하를 입력해주세요.", "\"quoted\"", "line\nbreak", "tab\tand\rreturn",
    "\u{0}nul", "\u{1}\u{7}\u{1F}\u{7F}", "back\\slash", "/slash/", "emoji 🎉👩‍👩‍👧", "\u{2028}\u{2029}",
    "{\"seq\":1}", ",\"crc\":\"00000000\"}", "<redacted>", String(repeating: "x", count: 300),
  ]
  static let integers: [Int64] = [0, 1, -1, .max, .min, 1 << 53, (1 << 53) + 1, -(1 << 62)]
  static let doubles: [Double] = [
    0.1, 0.2, 1.5, -2.25, -0.0, 1e-300, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    .leastNormalMagnitude, 3.141592653589793, 1e21, 1e-7, 123456789.123456789,
  ]

  static func string(_ rng: inout SplitMix64) -> String {
    if Int.random(in: 0..<4, using: &rng) == 0 {
      let scalars = (0..<Int.random(in: 0..<12, using: &rng)).map { _ in
        Unicode.Scalar(UInt32.random(in: 0..<0x1_0000, using: &rng)).flatMap { (0xD800...0xDFFF).contains($0.value) ? nil : $0 }
          ?? "?"
      }
      return String(String.UnicodeScalarView(scalars))
    }
    return strings.randomElement(using: &rng)!
  }

  static func action(_ rng: inout SplitMix64) -> Probe.Action {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0, 1: .type(string(&rng))
    case 2: .note(string(&rng))
    case 3:
      .add(Bool.random(using: &rng) ? integers.randomElement(using: &rng)! : Int64.random(in: .min ... .max, using: &rng))
    case 4:
      .scale(Bool.random(using: &rng) ? doubles.randomElement(using: &rng)! : Double.random(in: -1e6...1e6, using: &rng))
    case 5: .setFlag([true, false, nil].randomElement(using: &rng)!)
    case 6: .login(user: string(&rng), password: "hunter2-" + string(&rng))
    case 7: .addItem(id: Int.random(in: .min ... .max, using: &rng), name: Bool.random(using: &rng) ? string(&rng) : nil)
    case 8: .clear
    default: .type(String(Int.random(in: 0...2_000_000, using: &rng)))
    }
  }
}

/// A fresh folder, removed when the value is released.
final class TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("refold-eventlog-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String = "events.log") -> URL { url.appendingPathComponent(name) }
}

/// Records `actions` through a real store and recorder. Returns the live states: `[0]` is the
/// initial state, `[seq]` the state after that seq.
@MainActor
func recordProbe(
  _ actions: [Probe.Action], to file: URL, initialState: Probe.State = Probe.State(),
  options: RecorderOptions = RecorderOptions(fsync: .never)
) async throws -> [Probe.State] {
  let recorder = try Recorder<Probe.State, Probe.Action>(
    file: file, feature: "probe", initialState: initialState, options: options)
  let store = Store(initialState: initialState, reducer: Probe(), plugins: [recorder])
  var states = [store.state]
  for action in actions {
    store.send(action)
    states.append(store.state)
  }
  try await recorder.close()
  return states
}

/// A log written line by line, with correct checksums, for the reader's error tests.
struct HandWrittenLog {
  var lines: [String] = []

  init(feature: String = "probe", version: Int = 1, schema: Int = 1, checkpointInterval: Int = 1000, initialState: String = #"{"items":[],"notes":[],"password":"","ratio":1,"text":"","total":0,"user":""}"#) {
    lines.append(
      #"{"format":"refold-log","version":\#(version),"feature":"\#(feature)","schema":\#(schema),"created":"2025-11-21T16:00:00.000Z","checkpointInterval":\#(checkpointInterval),"snapshotInterval":\#(checkpointInterval * 10),"redaction":{"placeholder":"<redacted>"},"initialState":\#(initialState)"#
    )
  }

  /// Adds a payload (the object up to, not including, the checksum member).
  mutating func add(_ payload: String) { lines.append(payload) }

  mutating func event(_ seq: UInt64, _ action: String = #"{"type":{"_0":"x"}}"#, origin: String = "send") {
    add(#"{"seq":\#(seq),"t":1763740800.5,"origin":"\#(origin)","action":\#(action)"#)
  }

  var bytes: [UInt8] {
    var buffer: [UInt8] = []
    for line in lines {
      let start = buffer.count
      buffer.append(contentsOf: line.utf8)
      LogLine.seal(&buffer, payloadStart: start)
    }
    return buffer
  }

  func write(to url: URL) throws {
    try Data(bytes).write(to: url)
  }
}

/// The 1-based line that holds byte `offset` of `bytes`.
func lineNumber(ofByte offset: Int, in bytes: [UInt8]) -> Int {
  bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
}

/// The offsets where each line starts.
func lineStarts(_ bytes: [UInt8]) -> [Int] {
  var starts = [0]
  for (index, byte) in bytes.enumerated() where byte == 0x0A && index + 1 < bytes.count {
    starts.append(index + 1)
  }
  return starts
}

/// Reads every record, or the error.
func readAll(_ url: URL) throws -> (records: [LogRecord], warnings: [String]) {
  let reader = try LogReader(file: url)
  var records: [LogRecord] = []
  while let record = try reader.next() { records.append(record) }
  return (records, reader.warnings)
}
