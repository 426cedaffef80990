import Foundation
import InternalTestSupport
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

struct CodecParserTests {
  /// Inputs that exercise every place where json-c and `JSONDecoder` differ.
  static let corpus: [String] = [
    "null", "true", "false", "0", "-0", "123", "-1.5e-3", #""s""#, "[]", "{}", " [1] ", "\n{}\n",
    #"{"seq":123,"t":1732200000.123,"origin":"send","action":{"textChanged":{"_0":"1234"}}}"#,
    #"{"a":1,"a":2}"#, #"{"a":{"b":1,"b":2},"c":[{"d":1,"d":1}]}"#, "[00]", "[-00]", "[-0]", "[2.]", "[-.5]", "[0.e1]",
    "[NaN]", "[Infinity]", "[1,]", #"{"a":1,}"#, "\u{FEFF}[1]", "[1]\u{0}", "\"a\u{0}b\"", #""a\u0000b""#,
    #"{"a\u0000b":1}"#, #""\ud83d\ude00""#, #""\ud83d""#, "\"a\tb\"", "[1]\t", "[\t1]", "[9223372036854775807]",
    "[9223372036854775808]", "[-9223372036854775808]", "[-9223372036854775809]", "[18446744073709551615]",
    "[18446744073709551616]", "[1e400]", "[1e-400]", "[0.1, 1e-7, 1E21, 5e-324]", "[9007199254740993.0]",
    "'a'", "[True]", "/*x*/1", "[1 2]", "{\"a\" 1}", #"{"a":1"#, "[", "", " ", "\"한글 😀\"", "\"\u{7F}\"",
    #"["2024-01-05", "x-0", "-0"]"#, #"{"k":"-0"}"#, #"["a\\u0000"]"#, #"{"":""}"#,
  ]

  @Test func backendsParseTheSameTreesAndRejectTheSameInputs() {
    for json in Self.corpus {
      let jsonC = Result { () throws(LogCodecError) in try codecParse(json, backend: .jsonC) }
      let swift = Result { () throws(LogCodecError) in try codecParse(json, backend: .swift) }
      #expect(jsonC == swift, "\(json.debugDescription)")
    }
  }

  @Test(arguments: JSONBackend.allCases)
  func numbersKeepWhatJSONDecoderWouldRead(backend: JSONBackend) throws {
    let tree = try codecParse(
      "[1, -1, 9223372036854775808, 18446744073709551616, 0.5, 1e400, 9007199254740993.0, 1.5e-3, 1.23456789012345678]",
      backend: backend)
    #expect(tree == .array([
      .int(1), .int(-1), .uint(9_223_372_036_854_775_808), .number("18446744073709551616"), .double(0.5),
      .number("1e400"), .number("9007199254740993.0"), .double(0.0015), .number("1.23456789012345678"),
    ]))
  }

  @Test(arguments: JSONBackend.allCases)
  func tokenerRecoversAfterErrors(backend: JSONBackend) throws {
    // json-c needs json_tokener_reset after an error; a stale tokener would fail the next line.
    for round in 0..<200 {
      #expect(throws: LogCodecError.self) { try codecParse(#"{"seq":\#(round),"t":"#, backend: backend) }
      #expect(throws: LogCodecError.self) { try codecParse(#"{"seq":\#(round)]"#, backend: backend) }
      #expect(try codecParse(#"{"seq":\#(round)}"#, backend: backend) == .object(JSONObject(["seq": .int(Int64(round))])))
    }
  }

  @Test func randomTreesSurviveWriteAndParseOnBothBackends() throws {
    var generator = SplitMix64(seed: 2024)
    for _ in 0..<300 {
      let value = Self.randomValue(depth: 0, using: &generator)
      let jsonC = try LogJSONEncoder(backend: .jsonC).serialize(value)
      let swift = try LogJSONEncoder(backend: .swift).serialize(value)
      #expect(jsonC == swift)
      for backend in JSONBackend.allCases {
        let reparsed = try codecParse(swift, backend: backend)
        #expect(try LogJSONEncoder(backend: .swift).serialize(reparsed) == swift)
      }
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(swift), options: .fragmentsAllowed) }
    }
  }

  static func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
    let pick = depth > 3 ? Int.random(in: 0..<7, using: &generator) : Int.random(in: 0..<9, using: &generator)
    switch pick {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .int(Int64.random(in: .min ... .max, using: &generator))
    case 3: return .uint(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &generator))
    case 4:
      let double = Double(bitPattern: generator.next())
      return .double(double.isFinite ? double : 0.25)
    case 5, 6: return .string(randomString(using: &generator))
    case 7:
      return .array((0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0..<5, using: &generator) {
        object.append(randomString(using: &generator), randomValue(depth: depth + 1, using: &generator))
      }
      return .object(object)
    }
  }

  static func randomString(using generator: inout SplitMix64) -> String {
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "한", "😀", "\u{2028}", "-",
    ]
    return String(String.UnicodeScalarView((0..<Int.random(in: 0..<8, using: &generator)).map { _ in
      alphabet.randomElement(using: &generator)!
    }))
  }
}
