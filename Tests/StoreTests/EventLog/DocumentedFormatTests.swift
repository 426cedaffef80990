import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

/// The examples and vectors in docs/event-log-format.md, held to what the code does.
struct DocumentedFormatTests {
  /// The `AmountInput` feature of DESIGN.md, declared here so the Store tests need no Reducers.
  struct AmountInput: Reducer {
    struct State: Codable, Equatable, Sendable {
      var text: String?
      var output = ""
    }
    enum Action: Codable, Equatable, Sendable {
      case textChanged(String?)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .textChanged(let text) = action else { return .none }
      state.text = text
      guard let text, !text.isEmpty else {
        state.output = ""
        return .none
      }
      guard let number = Int(text) else {
        state.output = "숫자만 입력해주세요"
        return .none
      }
      guard (1...1_000_000).contains(number) else {
        state.output = "백만원 이하를 입력해주세요."
        return .none
      }
      var digits = String(number)
      var grouped = ""
      while digits.count > 3 {
        grouped = "," + digits.suffix(3) + grouped
        digits.removeLast(3)
      }
      state.output = digits + grouped + "₩"
      return .none
    }
  }

  static let example = """
    {"format":"refold-log","version":1,"feature":"amountInput","schema":1,"created":"2025-11-21T16:00:00.000Z","checkpointInterval":2,"snapshotInterval":2,"redaction":{"placeholder":"<redacted>"},"initialState":{"output":""},"crc":"a44c8730"}
    {"seq":1,"t":1763740800.123,"origin":"send","action":{"textChanged":{"_0":"1234"}},"crc":"9ad80269"}
    {"seq":2,"t":1763740800.5,"origin":"send","action":{"textChanged":{"_0":"abc"}},"crc":"8415d4f6"}
    {"checkpoint":2,"digest":"46cf94067c15c0a8","state":{"output":"숫자만 입력해주세요","text":"abc"},"crc":"47d96ff6"}
    {"seq":3,"t":1763740801,"origin":"send","action":{"textChanged":{}},"crc":"0fe4bd21"}
    {"checkpoint":3,"digest":"de61158c2e438290","state":{"output":""},"crc":"51033ec5"}

    """

  @Test func theCompleteExampleReplaysAndVerifies() throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    try Data(Self.example.utf8).write(to: file)
    let result = try Replayer(reducer: AmountInput()).replay(file: file, feature: "amountInput")
    #expect(result.state == AmountInput.State(text: nil, output: ""))
    #expect(result.verifiedCheckpoints == 2)
    #expect(result.header.created == "2025-11-21T16:00:00.000Z")
    #expect(try Replayer(reducer: AmountInput()).replay(file: file, until: 2).state == .init(text: "abc", output: "숫자만 입력해주세요"))
  }

  @MainActor
  @Test func theRecorderWritesTheExamplesLinesByteForByteApartFromTimes() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: file, feature: "amountInput", initialState: .init(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 2))
    let store = Store(initialState: .init(), reducer: AmountInput(), plugins: [recorder])
    store.send(.textChanged("1234"))
    store.send(.textChanged("abc"))
    store.send(.textChanged(nil))
    try await recorder.close()
    let written = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n").map(String.init)
    let expected = Self.example.split(separator: "\n").map(String.init)
    #expect(written.count == expected.count)
    // Checkpoints carry no time, so they match exactly.
    #expect(written[3] == expected[3])
    #expect(written[5] == expected[5])
    // The header differs in "created" only.
    let created = try #require(written[0].range(of: #""created":"[^"]*""#, options: .regularExpression))
    #expect(written[0][created].count == #""created":"2025-11-21T16:00:00.000Z""#.count)
    #expect(
      written[0].replacingCharacters(in: created, with: "").dropLast(19)
        == expected[0].replacingCharacters(in: expected[0].range(of: #""created":"[^"]*""#, options: .regularExpression)!, with: "").dropLast(19))
  }

  @Test func theDocumentedVectorsHold() throws {
    #expect(CRC32.checksum(Array(#"{"seq":1,"t":1763740800.123,"origin":"send","action":{"textChanged":{"_0":"1234"}}"#.utf8)) == 0x9AD8_0269)
    #expect(StateDigest.hex(try StateDigest.digest(of: AmountInput.State(text: "1234", output: "1,234₩"))) == "ec09e6e4d206321a")
    #expect(StateDigest.hex(StateDigest.fnv1a64(Array("a".utf8))) == "af63dc4c8601ec8c")
  }

  /// Section 5.3's checkpoint with field digests, for section 7's last vector.
  @Test func theDocumentedFieldDigestsHold() throws {
    let state = #"{"flag":true,"items":[],"notes":["한"],"password":"","ratio":0.1,"text":"1234","total":-1,"user":""}"#
    let tree = try Array(state.utf8).withUnsafeBytes { try LogJSONDecoder().parseJSONLine($0) }.canonicalized
    let encoder = LogJSONEncoder()
    let fields = try #require(try CheckpointFields.digests(ofCanonical: tree, encoder: encoder))
    var line: [UInt8] = []
    LogLineWriter.appendCheckpoint(
      seq: 1000, canonicalState: try encoder.serialize(tree), includeState: false, fields: fields, into: &line)
    #expect(
      String(decoding: line, as: UTF8.self)
        == #"{"checkpoint":1000,"digest":"5168f4ffada701cf","fields":{"flag":"5b5c98ef514dbfa5","items":"09612b07b5ecb5a5","notes":"f6f34059a22b5ce3","password":"07cc7607b4949e25","ratio":"4e18dd181d0a2066","text":"fefeeeb15e2bfe4d","total":"07d00b07b497d12b","user":"07cc7607b4949e25"},"crc":"ba75cbc3"}"#
        + "\n")
    // The writer's choice: this state is small, so a checkpoint carries it whole instead.
    var small: [UInt8] = []
    _ = try LogLineWriter.appendCheckpoint(seq: 1000, state: tree, snapshot: false, encoder: encoder, into: &small)
    #expect(String(decoding: small, as: UTF8.self).contains(#","state":\#(state),"crc":"#))
  }

  enum Shapes: Codable {
    case signInTapped
    case move(dx: Int, Double)
  }

  @Test func theDocumentedCodableShapesHold() throws {
    func json(_ value: some Encodable) throws -> String {
      String(decoding: try LogJSONEncoder().encode(value), as: UTF8.self)
    }
    #expect(try json(Shapes.signInTapped) == #"{"signInTapped":{}}"#)
    #expect(try json(Shapes.move(dx: 1, 2.5)) == #"{"move":{"dx":1,"_1":2.5}}"#)
    #expect(try json(AmountInput.Action.textChanged(nil)) == #"{"textChanged":{}}"#)
    #expect(try json([7: "x"]) == #"{"7":"x"}"#)
    #expect(try json(["a/b": "\u{1}\n\u{2028}é"]) == #"{"a\/b":"\u0001\n"# + "\u{2028}é\"}")
    #expect(try json([1e-7, 1e21, -0.0, 0.1, Double.leastNonzeroMagnitude]) == "[1e-07,1e+21,-0,0.1,5e-324]")
  }
}
