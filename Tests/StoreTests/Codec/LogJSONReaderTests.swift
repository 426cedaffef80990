import Foundation
import Testing

@testable import EventLog

/// A value of `T` that the reader reads with ``LogJSONReader/decode(_:)``: its own method for a
/// `String`, `Int`, `Bool` or `Double`, and `Decodable` on the value's bytes for anything else.
struct Reading<T: Codable & Equatable & Sendable>: LogDecodable, Encodable, Equatable, Sendable {
  var value: T

  init(from decoder: any Decoder) throws {
    // Through the container, as a member of a type would be: the decoder reads a `Decimal`,
    // `Date`, `Data` or `URL` its own way only then.
    value = try decoder.singleValueContainer().decode(T.self)
  }

  init(_ value: T) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }

  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    Self(try json.decode(T.self))
  }
}

/// An integer of any width, read with ``LogJSONReader/integer(_:)``.
struct ReadingInteger<T: FixedWidthInteger & Codable & Sendable>: LogDecodable, Encodable, Equatable, Sendable {
  var value: T

  init(from decoder: any Decoder) throws {
    value = try T(from: decoder)
  }

  init(_ value: T) {
    self.value = value
  }

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }

  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    Self(try json.integer(T.self))
  }
}

/// `{"textChanged":{"_0":…}}`, read as a feature's conformance would read it.
extension CodecAmountAction: LogDecodable {
  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    guard try json.caseName() == "textChanged" else { throw LogJSONReader.Miss() }
    var text: String?
    var seen = false
    while let key = try json.nextKey() {
      guard key == "_0", !seen else { throw LogJSONReader.Miss() }
      seen = true
      text = try json.readNull() ? nil : json.string()
    }
    try json.endCase()
    return .textChanged(text)
  }
}

/// A struct's members in any order, each once; an unknown member gives up (`Decodable` would
/// skip it).
extension CodecSession: LogDecodable {
  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    try json.beginObject()
    var email: String?
    var id: Int?
    var token: String?
    var username: String?
    while let key = try json.nextKey() {
      switch key {
      case "email" where email == nil: email = try json.string()
      case "id" where id == nil: id = try json.int()
      case "token" where token == nil: token = try json.string()
      case "username" where username == nil: username = try json.string()
      default: throw LogJSONReader.Miss()
      }
    }
    guard let email, let id, let token, let username else { throw LogJSONReader.Miss() }
    return CodecSession(email: email, id: id, token: token, username: username)
  }
}

/// A case whose associated values are a nested ``LogDecodable`` and a type read through
/// `Decodable`.
enum CodecLoginAction: Codable, Equatable, Sendable, LogDecodable {
  case loggedIn(CodecSession, tags: [String: Int])

  static func read(from json: inout LogJSONReader) throws(LogJSONReader.Miss) -> Self {
    guard try json.caseName() == "loggedIn" else { throw LogJSONReader.Miss() }
    var session: CodecSession?
    var tags: [String: Int]?
    while let key = try json.nextKey() {
      switch key {
      case "_0" where session == nil: session = try json.decode(CodecSession.self)
      case "tags" where tags == nil: tags = try json.decode([String: Int].self)
      default: throw LogJSONReader.Miss()
      }
    }
    try json.endCase()
    guard let session, let tags else { throw LogJSONReader.Miss() }
    return .loggedIn(session, tags: tags)
  }
}

/// What the reader reads, it reads as `Decodable` does; what it does not, it gives up on, never
/// reading a value `Decodable` would reject or read differently.
struct LogJSONReaderTests {
  /// Requires the reader to give up on `json` or to read what `Decodable` decodes from it;
  /// `mustRead`: and not to give up.
  func expectParity<T: LogDecodable & Equatable>(
    _ type: T.Type, _ json: String, mustRead: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let decoded = Result { try LogJSONDecoder().decode(T.self, from: Array(json.utf8)) }
    guard let read = LogJSONReader.read(T.self, from: Array(json.utf8)) else {
      if mustRead { Issue.record("the reader gave up on \(json) as \(T.self)", sourceLocation: sourceLocation) }
      return
    }
    switch decoded {
    case .success(let value):
      #expect(read == value, "\(json) as \(T.self)", sourceLocation: sourceLocation)
      if let read = read as? Reading<Double>, let value = value as? Reading<Double> {
        #expect(read.value.sign == value.value.sign, "the sign of \(json)", sourceLocation: sourceLocation)
      }
    case .failure(let error):
      Issue.record("the reader read \(read) from \(json), which Decodable rejects: \(error)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: codecDecodeParityInputs)
  func readsWhatDecodableDecodesOrGivesUp(_ input: CodecParityInput) {
    let json = input.json
    switch input.type {
    case "Int": expectParity(Reading<Int>.self, json)
    case "Int8": expectParity(ReadingInteger<Int8>.self, json)
    case "UInt8": expectParity(ReadingInteger<UInt8>.self, json)
    case "Int64": expectParity(ReadingInteger<Int64>.self, json)
    case "UInt64": expectParity(Reading<UInt64>.self, json)
    case "Double": expectParity(Reading<Double>.self, json)
    case "Float": expectParity(Reading<Float>.self, json)
    case "Decimal": expectParity(Reading<Decimal>.self, json)
    case "String": expectParity(Reading<String>.self, json)
    case "Bool": expectParity(Reading<Bool>.self, json)
    case "[Int]": expectParity(Reading<[Int]>.self, json)
    case "[String: Int]": expectParity(Reading<[String: Int]>.self, json)
    case "[Int: String]": expectParity(Reading<[Int: String]>.self, json)
    case "Date": expectParity(Reading<Date>.self, json)
    case "Data": expectParity(Reading<Data>.self, json)
    case "URL": expectParity(Reading<URL>.self, json)
    case "AmountAction": expectParity(CodecAmountAction.self, json)
    case "Session": expectParity(CodecSession.self, json)
    default: Issue.record("no type \(input.type)")
    }
  }

  /// The JSON the encoder writes is read, not left to `Decodable`: otherwise the reader would
  /// be correct and useless.
  @Test func readsWhatTheEncoderWrites() throws {
    let encoder = LogJSONEncoder()
    func check<T: LogDecodable & Encodable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let bytes = try encoder.encode(value)
      #expect(LogJSONReader.read(T.self, from: bytes) == value, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
    }
    for text in ["", "1234", "한글 입력", "emoji 🎉👩‍👩‍👧", String(repeating: "x", count: 300)] {
      try check(CodecAmountAction.textChanged(text))
    }
    try check(CodecAmountAction.textChanged(nil))
    for number in [0, 1, -1, Int.max, Int.min, 1 << 53 + 1] {
      try check(Reading(number))
      try check(ReadingInteger(Int64(number)))
    }
    for number in [0.0, -0.0, 0.1, 1e-7, 1e21, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1_732_200_000.123] {
      try check(Reading(number))
    }
    try check(Reading(true))
    try check(Reading(false))
    try check(Reading([1, 2, 3]))
    let session = CodecSession(email: "e@x", id: 7, token: "t", username: "유저")
    try check(session)
    try check(CodecLoginAction.loggedIn(session, tags: ["a": 1, "b": 2]))
  }

  /// Replay hands every action's bytes to the reader through one buffer per thread: reading
  /// another action, no longer than one read before, must reuse its storage rather than
  /// allocate (a new array per action was a malloc per decoded event, W5).
  @Test func readsEachActionThroughTheSameBuffer() {
    let actions = [#"{"textChanged":{"_0":"12345"}}"#, #"{"textChanged":{"_0":"1"}}"#, #"{"textChanged":{"_0":"12"}}"#]
    var buffer = ContiguousArray<UInt8>()
    var storage: [UnsafePointer<UInt8>?] = []
    var read: [CodecAmountAction?] = []
    for json in actions {
      let bytes = ContiguousArray(json.utf8)
      read.append(LogJSONReader.read(CodecAmountAction.self, from: bytes.span, buffer: &buffer))
      storage.append(buffer.withUnsafeBufferPointer { $0.baseAddress })
    }
    #expect(read == [.textChanged("12345"), .textChanged("1"), .textChanged("12")])
    #expect(Set(storage).count == 1, "the buffer was reallocated: \(storage)")
  }

  @Test func givesUpOnWhatItDoesNotRead() {
    let inputs: [(String, String)] = [
      (#"{"textChanged":{"_0":"a\"b"}}"#, "an escape in a string"),
      (#"{"textChanged":{"_0":"a"},"textChanged":{}}"#, "a second case"),
      (#"{"textChanged":{"_0":"a","_0":"b"}}"#, "a key twice (Decodable takes the first)"),
      (#"{"textChanged":{"_0":null,"_0":"b"}}"#, "a key twice, the first null"),
      (#"{"textChanged":{"_0":"a","extra":1}}"#, "a member Decodable would skip"),
      (#"{ "textChanged":{"_0":"a"}}"#, "whitespace"),
      (#"{"textChanged":{"_0":"a"}} "#, "whitespace after the value"),
      (#"{"textChanged":{"_0":"a"}}x"#, "bytes after the value"),
      (#"{"textChanged":{"_0":"a"}"#, "an object that does not end"),
      (#"{"textChanged":{"_0":"a""#, "a value that does not end"),
      (#"{"typed":{"_0":"a"}}"#, "an unknown case"),
      (#"{"textChanged":{"_0":12}}"#, "a number for a string"),
      ("{\"textChanged\":{\"_0\":\"\u{1}\"}}", "a control character"),
    ]
    for (json, what) in inputs {
      #expect(LogJSONReader.read(CodecAmountAction.self, from: Array(json.utf8)) == nil, "\(what): \(json)")
    }
    // Bytes that are not UTF-8: an overlong "/", a lone surrogate, a cut sequence.
    for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE4, 0xB8]] {
      let json = Array(#"{"textChanged":{"_0":""#.utf8) + bad + Array(#""}}"#.utf8)
      #expect(LogJSONReader.read(CodecAmountAction.self, from: json) == nil, "\(bad)")
    }
  }
}
