import Foundation
import LogDecoding
import Store
import Testing

@LogDecodable
enum Shapes: Codable, Equatable, Sendable {
  case textChanged(String?)
  case moved(dx: Int, Double)
  case tagged(name: String, count: Int8?, flags: [Bool])
  case nested(Inner)
  case `default`
  case reset

  struct Inner: Codable, Equatable, Sendable {
    var id: Int
    var note: String?
  }
}

/// What `@LogDecodable` writes reads what synthesized `Codable` decodes, and gives up on the
/// rest: it never reads a value `Decodable` would reject or read otherwise.
struct LogDecodableTests {
  static let values: [Shapes] = [
    .textChanged("1234"), .textChanged(nil), .textChanged("한글 🎉"), .moved(dx: -3, 0.1), .moved(dx: .max, -0.0),
    .tagged(name: "a", count: nil, flags: []), .tagged(name: "b", count: -128, flags: [true, false]),
    .nested(.init(id: 7, note: nil)), .nested(.init(id: 8, note: "n")), .default, .reset,
  ]

  @Test(arguments: values)
  func readsWhatTheEncoderWrites(value: Shapes) throws {
    let bytes = try LogJSONEncoder().encode(value)
    #expect(LogJSONReader.read(Shapes.self, from: bytes) == value, "\(String(decoding: bytes, as: UTF8.self))")
  }

  @Test(arguments: [
    #"{"textChanged":{"_0":"a\nb"}}"#, #"{"textChanged":{"_0":"a","_0":"b"}}"#, #"{"textChanged":{"_0":null,"_0":"b"}}"#,
    #"{"moved":{"dx":1}}"#, #"{"moved":{"dx":1,"_1":2,"x":0}}"#, #"{"moved":{"dx":1.5,"_1":2}}"#, #"{"moved":{"dx":null,"_1":2}}"#,
    #"{"tagged":{"name":"a","flags":[true]}}"#, #"{"tagged":{"name":"a","count":300,"flags":[]}}"#,
    #"{"reset":{"x":1}}"#, #"{"nested":{"_0":{"id":"7"}}}"#, #"{"unknown":{}}"#, #"{"reset":{}} "#, #"{"moved":{"_1":2,"dx":1}}"#,
    #"{"moved":{"dx":1.0,"_1":2}}"#, #"{"textChanged":{}}"#,
  ])
  func readsOrGivesUpButNeverDisagrees(json: String) {
    let bytes = Array(json.utf8)
    guard let read = LogJSONReader.read(Shapes.self, from: bytes) else { return }
    let decoded = Result { try LogJSONDecoder().decode(Shapes.self, from: bytes) }
    switch decoded {
    case .success(let value): #expect(read == value, "\(json)")
    case .failure(let error): Issue.record("read \(read) from \(json), which Decodable rejects: \(error)")
    }
  }

  @Test func membersInAnyOrderAndMissingOptionalsAreRead() {
    #expect(LogJSONReader.read(Shapes.self, from: Array(#"{"moved":{"_1":2,"dx":1}}"#.utf8)) == .moved(dx: 1, 2))
    #expect(LogJSONReader.read(Shapes.self, from: Array(#"{"textChanged":{}}"#.utf8)) == .textChanged(nil))
    #expect(
      LogJSONReader.read(Shapes.self, from: Array(#"{"tagged":{"flags":[true],"name":"x"}}"#.utf8))
        == .tagged(name: "x", count: nil, flags: [true]))
  }
}
