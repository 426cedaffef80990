import Foundation
import Testing

@testable import Reducers
import EventLog
import Store

/// AmountInput's action reader reads what `Decodable` decodes or gives up, and a log of typing
/// (texts that never repeat, and texts the reader leaves to `Decodable`) replays verified.
@MainActor
struct AmountInputLogDecodableTests {
  nonisolated static let texts: [String?] = [
    nil, "", "1234", "12a", "한글 입력", "백만원 이하를 입력해주세요.", "\"quoted\"", "line\nbreak", "tab\tand\rreturn",
    "\u{0}nul", "back\\slash", "/slash/", "emoji 🎉👩‍👩‍👧", "\u{2028}\u{2029}", String(repeating: "9", count: 300),
  ]

  @Test(arguments: texts)
  func readsWhatTheRecorderWritesAsDecodableDecodesIt(text: String?) throws {
    let action = AmountInput.Action.textChanged(text)
    let bytes = try LogJSONEncoder().encode(action)
    let read = LogJSONReader.read(AmountInput.Action.self, from: bytes)
    #expect(try read == nil || read == LogJSONDecoder().decode(AmountInput.Action.self, from: bytes))
    // Only escapes send it to `Decodable`.
    let escaped = bytes.contains(UInt8(ascii: "\\"))
    #expect((read == nil) == escaped, "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test(arguments: [
    #"{"textChanged":{"_0":"1","_0":"2"}}"#, #"{"textChanged":{"_0":null,"_0":"2"}}"#, #"{"textChanged":{"_0":"1","x":0}}"#,
    #"{"textChanged":{"_0":1}}"#, #"{"textChanged":[]}"#, #"{"other":{}}"#, #"{"textChanged":{}, "x":{}}"#, #"{}"#,
  ])
  func givesUpOnAnythingElse(json: String) {
    #expect(LogJSONReader.read(AmountInput.Action.self, from: Array(json.utf8)) == nil)
  }

  @Test func aLogOfTypingReplaysVerified() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refold-amount-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("typing.log")
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: file, feature: "amountInput", initialState: AmountInput.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 10))
    let store = Store(initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder])
    for index in 0..<2_000 {
      store.send(.textChanged(index % 7 == 0 ? Self.texts[index / 7 % Self.texts.count] : String(index)))
    }
    try await recorder.close()

    var replayer = Replayer(reducer: AmountInput())
    replayer.reading = .parallel(workers: 2, chunkSize: 500)
    let result = try replayer.replay(file: file, feature: "amountInput")
    #expect(result.eventCount == 2_000)
    #expect(result.verifiedCheckpoints == 200)
    #expect(result.state == store.state)
  }
}
