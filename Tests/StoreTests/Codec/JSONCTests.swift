#if canImport(CJSONC)
import CJSONC
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// The json-c path must really be taken for ordinary lines (the Swift parser behind it would
/// hide a json-c path that always gave up), and must give up exactly where json-c is wrong.
struct JSONCTests {
  static let ordinaryLines: [String] = [
    #"{"seq":123,"t":1732200000.123,"origin":"send","action":{"textChanged":{"_0":"1234"}}}"#,
    #"{"seq":2,"t":1732200000,"origin":"effect","action":{"loginResponse":{"_0":{"success":{"_0":{"email":"a@b.c","id":7,"token":"t0k\/en","username":"son"}}}}}}"#,
    #"{"text":"숫자만 입력해주세요","output":"백만원 이하를 입력해주세요.","emoji":"😀","esc":"a\"b\\c\n\t\u001f\u00e9"}"#,
    #"{"results":[{"song":"Super Shy","releaseDate":711000000,"imageURL":"https:\/\/x.y\/a.jpg"}],"error":null,"isSearching":false}"#,
    #"[1,-1,9223372036854775807,9223372036854775808,18446744073709551615,-9223372036854775807,0.5,-1.5e-3,1e400]"#,
    #" {"date":"2024-01-05","neg":-12,"zero":0} "#,
    #"[-9223372036854775808,18446744073709551615,-9223372036854775807,9223372036854775807]"#,
    "[]", "{}", #""s""#,
  ]

  static let laxInputs: [String] = [
    "[00]", "[-00]", "[-0]", "[2.]", "[-.5]", "[0.e1]", "[NaN]", "[Infinity]", #"{"a":1,"a":2}"#,
    #""a\u0000b""#, #"{"a\u0000b":1}"#, "[18446744073709551616]", "[-9223372036854775809]",
    #""\ud83d\ude00""#, #""\ud83d""#, "\"a\tb\"", "\u{FEFF}[1]", "[1,]",
    "[99999999999999999999]", "[-99999999999999999999]", "[18446744073709551616]", "[-9223372036854775809]",
    "123", "true", "null",  // json-c waits for more input after a top-level scalar
  ]

  @Test func ordinaryLinesTakeTheJSONCPathAndMatchTheSwiftParser() throws {
    for line in Self.ordinaryLines {
      let bytes = ContiguousArray(line.utf8)
      let jsonC = JSONC.parseIfExact(bytes.span)
      let swift = try JSONParser.parse(bytes.span)
      #expect(jsonC != nil, "json-c gave up on \(line)")
      #expect(jsonC == swift, "\(line)")
    }
  }

  @Test func inputWhereJSONCIsLaxGoesToTheSwiftParser() {
    for input in Self.laxInputs {
      let jsonC = JSONC.parseIfExact(ContiguousArray(input.utf8).span)
      #expect(jsonC == nil, "json-c kept \(input.debugDescription)")
    }
  }

  @Test func tokenerIsUsableAgainAfterAnError() {
    let good = ContiguousArray(Self.ordinaryLines[0].utf8)
    for bad in [#"{"seq":1,"t":"#, #"{"seq":1]"#, #"{"a":tru}"#, #"["x"#] {
      #expect(JSONC.parseIfExact(ContiguousArray(bad.utf8).span) == nil)
      #expect(JSONC.parseIfExact(good.span) != nil, "after \(bad)")
    }
  }

  @Test func eachThreadParsesWithItsOwnTokener() async {
    let lines = Self.ordinaryLines.map { ContiguousArray($0.utf8) }
    let bad = ContiguousArray(#"{"seq":1,"t":"#.utf8)
    let failures = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var failures = 0
          for round in 0..<1_000 {
            let line = lines[(task + round) % lines.count]
            if JSONC.parseIfExact(line.span) == nil { failures += 1 }
            if round % 10 == 0 { _ = JSONC.parseIfExact(bad.span) }
          }
          return failures
        }
      }
      return await group.reduce(0, +)
    }
    #expect(failures == 0)
  }

  @Test func serializationBuildsAJSONCTreeExceptForKeysWithNUL() throws {
    let value = JSONValue.object(JSONObject([
      "s": .string("a\u{0}b/\"한"), "d": .double(0.1), "n": .number("3.14"), "u": .uint(.max), "a": .array([.null, .bool(true)]),
    ]))
    let object = try #require(try JSONC.makeObject(value))
    json_object_put(object)
    #expect(try JSONC.makeObject(.object(JSONObject(["a\u{0}b": .int(1)]))) == nil)
    let expected = #"{"s":"a\u0000b\/\"한","d":0.1,"n":3.14,"u":18446744073709551615,"a":[null,true]}"#
    #expect(codecString(try LogJSONEncoder(backend: .jsonC).serialize(value)) == expected)
  }
}
#endif
