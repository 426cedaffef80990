import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// Decodes `json` with `JSONDecoder` and with the codec, and requires the same outcome: equal
/// values (bit-equal for floating point), or an error from both.
func expectCodecParity<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String, backend: JSONBackend, sourceLocation: SourceLocation = #_sourceLocation
) {
  let foundation = Result { try JSONDecoder().decode(type, from: Data(json.utf8)) }
  let ours = Result { try LogJSONDecoder(backend: backend).decode(type, from: Array(json.utf8)) }
  switch (foundation, ours) {
  case (.success(let expected), .success(let actual)):
    #expect(actual == expected, "\(json) as \(T.self)", sourceLocation: sourceLocation)
    if let expected = expected as? Double, let actual = actual as? Double {
      #expect(actual.sign == expected.sign, "sign of \(json)", sourceLocation: sourceLocation)
    }
  case (.failure, .failure(let error)):
    #expect(error is LogCodecError, "\(json) as \(T.self): \(error)", sourceLocation: sourceLocation)
  case (.success(let expected), .failure(let error)):
    Issue.record("\(json) as \(T.self): JSONDecoder gives \(expected), the codec throws \(error)", sourceLocation: sourceLocation)
  case (.failure(let error), .success(let actual)):
    Issue.record("\(json) as \(T.self): JSONDecoder throws \(error), the codec gives \(actual)", sourceLocation: sourceLocation)
  }
}

struct CodecParityInput: Sendable, CustomTestStringConvertible {
  let json: String
  let type: String
  var testDescription: String { "\(json) as \(type)" }
}

let codecDecodeParityInputs: [CodecParityInput] = {
  var inputs: [CodecParityInput] = []
  func add(_ type: String, _ jsons: [String]) {
    inputs += jsons.map { CodecParityInput(json: $0, type: type) }
  }
  let numbers = [
    "0", "-0", "1", "-1", "1.0", "1.9", "-1.0", "1e2", "1E2", "1e+2", "100e-2", "0.1e1", "1e0", "-0.0",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "12345678901234567890123", "-12345678901234567890123",
    "9007199254740993.0", "9007199254740993.5", "9223372036854775806.0", "1.0000000000000000001",
    "4.5e15", "1e19", "1e-400", "1e400", "0e-400", "1e-320", "2.5e-324", "3.4028235e38", "3.4028236e38",
    "1e39", "1e-50", "16777217", "0.1", "1732200000.123", "-1.5e-3", "123456789012345678901234567890",
    "01", "-", "+1", ".5", "1.", "2.", "-.5", "0.e1", "1.e5", "1e", "00", "-00", "NaN", "Infinity",
    "-Infinity", "0x10", "1.5.5", " 1 ", "\"12\"", "true", "null", "[1]",
  ]
  for type in ["Int", "Int8", "UInt8", "Int64", "UInt64", "Double", "Float", "Decimal"] { add(type, numbers) }
  add("String", [
    #""a""#, #""\u0041""#, #""\u00e9""#, #""\ud83d\ude00""#, #""\ude00""#, #""\ud83d""#, #""\ud83dx""#,
    #""\ud83d\u0041""#, #""\u0000x""#, #""\/""#, #""\x""#, #""\u00""#, "\"a\tb\"", "\"a\nb\"", "\"\u{7F}\"",
    "\"\u{FEFF}\"", "\u{FEFF}\"bom\"", #""unterminated"#, "'single'", #""a" x"#, "\"한글\"", "1", "null",
  ])
  add("Bool", ["true", "false", "True", "TRUE", "1", "0", "\"true\"", "truex", "tru", "null"])
  add("[Int]", [
    "[]", "[1,2,3]", "[1,]", "[1 ,]", "[,]", "[,1]", "[1,,2]", "[1 2]", "[1]]", "[1] ]", "[1", "[", "]",
    "[1,null]", "[00]", "[-0]", "[1]\n", "\n[1]", "[1]\t\r ", "[1]\u{0C}", "/*c*/[1]", "[1]//c", "{}",
  ])
  add("[String: Int]", [
    #"{}"#, #"{"a":1}"#, #"{"a":1,}"#, #"{,}"#, #"{"a":1,"a":2}"#, #"{"a" : 1 }"#, #"{a:1}"#,
    #"{"a":1"#, #"{"a":}"#, #"{"a"}"#, #"{"a":1}}"#, "[]", #"{"":1}"#, #"{"a\u0000b":1}"#,
  ])
  add("[Int: String]", [#"{"1":"a","-2":"b"}"#, #"{"x":"a"}"#, #"{"1.5":"a"}"#])
  add("Date", ["0", "12.5", "-978307200", "1e10", "\"x\"", "null"])
  add("Data", [#""AQID/w==""#, #""AQID_w==""#, #"" AQID""#, #""AQ ID""#, #""""#, #""AQI""#, "1"])
  add("URL", [#""https://a.b/c?d=e""#, #""/rel/path""#, #""a b""#, #""""#, "1"])
  add("AmountAction", [
    #"{"textChanged":{"_0":"1234"}}"#, #"{"textChanged":{}}"#, #"{"textChanged":{"_0":null}}"#,
    #"{"textChanged":{"_0":12}}"#, #"{"textChanged":{},"textChanged":{"_0":"x"}}"#,
    #"{"textChanged":{},"other":{}}"#, #"{}"#, #"{"other":{}}"#, #"{"textChanged":[]}"#, #""textChanged""#,
  ])
  add("Session", [
    #"{"email":"e","id":1,"token":"t","username":"u"}"#, #"{"email":"e","id":1.0,"token":"t","username":"u","x":1}"#,
    #"{"email":"e","id":"1","token":"t","username":"u"}"#, #"{"email":"e","token":"t","username":"u"}"#,
    #"{"email":null,"id":1,"token":"t","username":"u"}"#, #"{"id":1,"id":2,"email":"e","token":"t","username":"u"}"#,
  ])
  return inputs
}()

struct CodecDecoderTests {
  @Test(arguments: codecDecodeParityInputs, JSONBackend.allCases)
  func acceptsAndRejectsWhatJSONDecoderDoes(_ input: CodecParityInput, backend: JSONBackend) {
    let json = input.json
    switch input.type {
    case "Int": expectCodecParity(Int.self, json, backend: backend)
    case "Int8": expectCodecParity(Int8.self, json, backend: backend)
    case "UInt8": expectCodecParity(UInt8.self, json, backend: backend)
    case "Int64": expectCodecParity(Int64.self, json, backend: backend)
    case "UInt64": expectCodecParity(UInt64.self, json, backend: backend)
    case "Double": expectCodecParity(Double.self, json, backend: backend)
    case "Float": expectCodecParity(Float.self, json, backend: backend)
    case "Decimal": expectCodecParity(Decimal.self, json, backend: backend)
    case "String": expectCodecParity(String.self, json, backend: backend)
    case "Bool": expectCodecParity(Bool.self, json, backend: backend)
    case "[Int]": expectCodecParity([Int].self, json, backend: backend)
    case "[String: Int]": expectCodecParity([String: Int].self, json, backend: backend)
    case "[Int: String]": expectCodecParity([Int: String].self, json, backend: backend)
    case "Date": expectCodecParity(Date.self, json, backend: backend)
    case "Data": expectCodecParity(Data.self, json, backend: backend)
    case "URL": expectCodecParity(URL.self, json, backend: backend)
    case "AmountAction": expectCodecParity(CodecAmountAction.self, json, backend: backend)
    case "Session": expectCodecParity(CodecSession.self, json, backend: backend)
    default: Issue.record("no type \(input.type)")
    }
  }

  @Test(arguments: codecParityCases, JSONBackend.allCases)
  func roundTripsWhatItEncodes(_ testCase: CodecParityCase, backend: JSONBackend) throws {
    func roundTrip<T: Encodable>(_ value: T) throws {
      let bytes = try LogJSONEncoder(backend: backend).encode(value)
      // Decode as JSON again and encode once more: the bytes must not change.
      let tree = try codecParse(bytes, backend: backend)
      #expect(try LogJSONEncoder(backend: backend).serialize(tree) == bytes)
    }
    try roundTrip(testCase.value)
  }

  @Test(arguments: JSONBackend.allCases)
  func decodesEqualValues(backend: JSONBackend) throws {
    let encoder = LogJSONEncoder(backend: backend)
    let decoder = LogJSONDecoder(backend: backend)
    func check<T: Codable & Equatable>(_ value: T) throws {
      let decoded = try decoder.decode(T.self, from: try encoder.encode(value))
      #expect(decoded == value)
      #expect(try JSONDecoder().decode(T.self, from: Data(try encoder.encode(value))) == value)
    }
    try check(CodecAppAction.signIn(.loginResponse(.success(CodecSession(email: "a", id: 1, token: "t", username: "u")))))
    try check(CodecAppAction.signIn(.loginResponse(.failure(.server(status: 500, message: "오류")))))
    try check(CodecAppAction.signIn(.move(dx: .min, -0.0)))
    try check(CodecAmountAction.textChanged(nil))
    try check(CodecAmountAction.textChanged("\u{0}\u{1F}\"\\/😀"))
    try check([Int64.max, Int64.min])
    try check([UInt64.max])
    try check([0.1, 1e-7, 1e21, 1e300, .leastNonzeroMagnitude, 0x1p53 + 2, .greatestFiniteMagnitude])
    try check([Float(0.1), 3.4e38, .leastNonzeroMagnitude])
    try check([1: "a", -2: "b"])
    try check(Dictionary(uniqueKeysWithValues: (0..<100).map { ("k\($0)", $0) }))
    try check(CodecTrack(album: "a", artist: "b", imageURL: nil, releaseDate: Date(timeIntervalSinceReferenceDate: 1.5), song: "c"))
    try check(Data((0...255).map { UInt8($0) }))
    try check(Decimal(string: "12345678901234567890.123")!)
    try check(CodecPrimitives(
      bool: true, double: -0.0, float: -1.5, int: .min, int16: .min, int32: .min, int64: .min, int8: .min,
      optional: nil, string: "", uint: .max, uint16: .max, uint32: .max, uint64: .max, uint8: .max))
    let derived = try decoder.decode(CodecDerived.self, from: try encoder.encode(CodecDerived()))
    #expect(derived.x == 1 && derived.y == 2)
  }

  @Test(arguments: JSONBackend.allCases)
  func negativeZeroKeepsItsSign(backend: JSONBackend) throws {
    let decoder = LogJSONDecoder(backend: backend)
    #expect(try decoder.decode(Double.self, from: Array("-0".utf8)).sign == .minus)
    #expect(try decoder.decode([Double].self, from: Array("[-0, 0, -0.0]".utf8)).map(\.sign) == [.minus, .plus, .minus])
    #expect(try decoder.decode([UInt].self, from: Array("[-0]".utf8)) == [0])
  }

  @Test(arguments: JSONBackend.allCases)
  func duplicateKeysTakeTheFirstValueLikeJSONDecoder(backend: JSONBackend) throws {
    struct One: Decodable { var a: Int }
    let decoder = LogJSONDecoder(backend: backend)
    #expect(try decoder.decode(One.self, from: Array(#"{"a":1,"a":2}"#.utf8)).a == 1)
    #expect(try decoder.decode([String: Int].self, from: Array(#"{"b":0,"a":1,"a":2}"#.utf8)) == ["a": 1, "b": 0])
    let tree = try codecParse(#"{"a":1,"a":2}"#, backend: backend)
    #expect(tree.objectValue?.count == 2)
  }

  @Test(arguments: JSONBackend.allCases)
  func readsTheFieldsOfAnEventLineAndDecodesItsActionFromTheTree(backend: JSONBackend) throws {
    let line = #"{"seq":123,"t":1732200000.123,"origin":"send","action":{"textChanged":{"_0":"1234"}},"crc":"9a0b1c2d"}"#
    let tree = try codecParse(line, backend: backend)
    #expect(tree["seq"]?.uint64Value == 123)
    #expect(tree["t"]?.doubleValue == 1_732_200_000.123)
    #expect(tree["origin"]?.stringValue == "send")
    #expect(tree["crc"]?.stringValue == "9a0b1c2d")
    #expect(tree["missing"] == nil)
    #expect(tree.objectValue?.map(\.key) == ["seq", "t", "origin", "action", "crc"])
    let action = try LogJSONDecoder(backend: backend).decode(CodecAmountAction.self, from: tree["action"] ?? .null)
    #expect(action == .textChanged("1234"))
  }

  @Test func integerAccessorsFollowJSONDecoderRules() throws {
    #expect(JSONValue.double(1.0).int64Value == 1)
    #expect(JSONValue.double(1.5).int64Value == nil)
    #expect(JSONValue.uint(.max).int64Value == nil)
    #expect(JSONValue.uint(.max).uint64Value == .max)
    #expect(JSONValue.int(-1).uint64Value == nil)
    #expect(JSONValue.string("12").int64Value == nil)
    #expect(JSONValue.number("1e400").doubleValue == nil)
    #expect(JSONValue.number("18446744073709551616").doubleValue == 18446744073709551616.0)
  }
}
