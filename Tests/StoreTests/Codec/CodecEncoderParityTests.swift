import Foundation
import InternalTestSupport
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// A value to encode, named for the test report.
struct CodecParityCase: Sendable, CustomTestStringConvertible {
  let name: String
  let value: any Encodable & Sendable

  init(_ name: String, _ value: any Encodable & Sendable) {
    self.name = name
    self.value = value
  }

  var testDescription: String { name }
}

/// Every C0 control character, U+0000 to U+001F.
let codecControlCharacters = String(String.UnicodeScalarView((0...0x1F).map { Unicode.Scalar(UInt8($0)) }))

let codecParityCases: [CodecParityCase] = [
  // Strings
  CodecParityCase("Korean", "백만원 이하를 입력해주세요."),
  CodecParityCase("won sign", "1,234₩"),
  CodecParityCase("quotes and backslash", #"he said "hi" \ bye"#),
  CodecParityCase("newline tab return", "a\nb\tc\rd"),
  CodecParityCase("control characters", codecControlCharacters),
  CodecParityCase("slashes", "https://a.b/c</script>"),
  CodecParityCase("emoji", "😀👍🏽🇰🇷"),
  CodecParityCase("DEL, U+2028, U+2029, BOM", "\u{7F}\u{2028}\u{2029}\u{FEFF}"),
  CodecParityCase("empty string", ""),
  CodecParityCase("embedded NUL", "a\u{0}b"),
  // Integers
  CodecParityCase("Int64 extremes", [Int64.max, Int64.min, 0, -1]),
  CodecParityCase("UInt64 extremes", [UInt64.max, UInt64(Int64.max) + 1, 0]),
  CodecParityCase("small integers", CodecPrimitives(
    bool: true, double: 2.5, float: 0.5, int: -42, int16: .min, int32: .max, int64: .min, int8: .min,
    optional: "x", string: "s", uint: .max, uint16: .max, uint32: .max, uint64: .max, uint8: .max)),
  // Doubles
  CodecParityCase("doubles", [
    0.1, 1e-7, 1e21, -0.0, 0.0, 1.0, 100.0, 1e300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude,
    Double.leastNormalMagnitude, 1e16, 1e15, 123456.789, 1732200000.123, 0.000123, -1.5, 1e-5,
    0x1p53 + 2, 2.5e-8, 4.35, 1.0 / 3.0, 0.1 + 0.2,
  ]),
  CodecParityCase("floats", [
    Float(0.1), 1e-7, 3.4e38, 1, .leastNonzeroMagnitude, 16_777_216, 0.3, -0.0, .greatestFiniteMagnitude,
  ]),
  CodecParityCase("top-level double", 0.1),
  CodecParityCase("top-level float", Float(1e-7)),
  // Optionals
  CodecParityCase("nil property is left out", CodecPrimitives(
    bool: false, double: 0, float: 0, int: 0, int16: 0, int32: 0, int64: 0, int8: 0,
    optional: nil, string: "", uint: 0, uint16: 0, uint32: 0, uint64: 0, uint8: 0)),
  CodecParityCase("top-level nil", Int?.none),
  CodecParityCase("nil elements", [1, nil, 3] as [Int?]),
  // Enums with associated values
  CodecParityCase("textChanged", CodecAmountAction.textChanged("1234")),
  CodecParityCase("textChanged nil", CodecAmountAction.textChanged(nil)),
  CodecParityCase("case without values", CodecSignInAction.signInTapped),
  CodecParityCase("labels", CodecSignInAction.move(dx: -3, 0.25)),
  CodecParityCase("nested enums", CodecAppAction.signIn(.loginResponse(.success(
    CodecSession(email: "a@b.c", id: 7, token: "t0k/en", username: "son"))))),
  CodecParityCase("nested failure", CodecAppAction.signIn(.loginResponse(.failure(.server(status: 503, message: nil))))),
  CodecParityCase("actions", [CodecAppAction.amountInput(.textChanged("12")), .signIn(.passwordChanged("pw"))]),
  // Collections
  CodecParityCase("nested arrays", [[1, 2], [], [3]]),
  CodecParityCase("empty array", [Int]()),
  CodecParityCase("empty struct", CodecEmpty()),
  CodecParityCase("array of empty structs", [CodecEmpty(), CodecEmpty()]),
  CodecParityCase("String-keyed dictionary", ["a": 1, "b": 2, "c": 3, "_d": 4]),
  CodecParityCase("Int-keyed dictionary", [1: "one", -2: "minus two", 30: "thirty"]),
  CodecParityCase("empty dictionary", [String: Int]()),
  CodecParityCase("dictionary of arrays", ["k": [1.5, 2]]),
  // Foundation types
  CodecParityCase("URL", URL(string: "https://itunes.apple.com/search?term=new+jeans&media=music")!),
  CodecParityCase("Date", Date(timeIntervalSinceReferenceDate: 753_800_000.125)),
  CodecParityCase("Date before 2001", Date(timeIntervalSince1970: 0)),
  CodecParityCase("Data", Data([0, 1, 2, 0xFE, 0xFF, 0x3E, 0x3F])),
  CodecParityCase("empty Data", Data()),
  CodecParityCase("Decimal", [Decimal(string: "3.14")!, Decimal(string: "12345678901234567890.123")!, Decimal(0), -1]),
  CodecParityCase("Track", CodecTrack(
    album: "Get Up", artist: "NewJeans", imageURL: URL(string: "https://x.y/a.jpg"),
    releaseDate: Date(timeIntervalSinceReferenceDate: 711_000_000), song: "Super Shy")),
  // Class hierarchies
  CodecParityCase("superEncoder", CodecDerived()),
  CodecParityCase("Bool", [true, false]),
]

struct CodecEncoderParityTests {
  @Test(arguments: codecParityCases, JSONBackend.allCases)
  func bytesEqualJSONEncoderWithSortedKeys(_ testCase: CodecParityCase, backend: JSONBackend) throws {
    let ours = try codecSortedJSON(testCase.value, backend: backend)
    let foundation = try codecFoundationJSON(testCase.value, sortedKeys: true)
    #expect(codecString(ours) == codecString(foundation))
  }

  /// Where every object has at most one key, `JSONEncoder`'s own order is fixed, so the plain
  /// output must match too.
  @Test(arguments: codecParityCases.filter { !["small integers", "nil property is left out", "labels", "nested enums",
    "String-keyed dictionary", "Int-keyed dictionary", "Track", "superEncoder"].contains($0.name) }, JSONBackend.allCases)
  func bytesEqualJSONEncoderAsIs(_ testCase: CodecParityCase, backend: JSONBackend) throws {
    let ours = try LogJSONEncoder(backend: backend).encode(testCase.value)
    #expect(codecString(ours) == codecString(try codecFoundationJSON(testCase.value)))
  }

  @Test(arguments: JSONBackend.allCases)
  func keysStayInEncodingOrder(backend: JSONBackend) throws {
    let line = CodecEventLine(seq: 123, t: 1_732_200_000.123, origin: "send", action: CodecAmountAction.textChanged("1234"))
    let bytes = try LogJSONEncoder(backend: backend).encode(line)
    #expect(codecString(bytes) == #"{"seq":123,"t":1732200000.123,"origin":"send","action":{"textChanged":{"_0":"1234"}}}"#)
  }

  @Test(arguments: JSONBackend.allCases)
  func labelledAssociatedValuesUseTheirLabelsAndPositions(backend: JSONBackend) throws {
    let bytes = try LogJSONEncoder(backend: backend).encode(CodecSignInAction.move(dx: 1, 2))
    #expect(codecString(bytes) == #"{"move":{"dx":1,"_1":2}}"#)
  }

  @Test func backendsWriteIdenticalBytes() throws {
    for testCase in codecParityCases {
      let jsonC = try LogJSONEncoder(backend: .jsonC).encode(testCase.value)
      let swift = try LogJSONEncoder(backend: .swift).encode(testCase.value)
      #expect(jsonC == swift, "\(testCase.name)")
    }
  }

  @Test(arguments: JSONBackend.allCases)
  func everyASCIIByteIsEscapedLikeJSONEncoder(backend: JSONBackend) throws {
    for byte in UInt8(0)...0x7F {
      let text = "<\(Character(Unicode.Scalar(byte)))>"
      let ours = try LogJSONEncoder(backend: backend).encode(text)
      #expect(codecString(ours) == codecString(try codecFoundationJSON(text)), "byte \(byte)")
    }
  }

  @Test(arguments: JSONBackend.allCases)
  func shortestRoundTripDoublesMatchJSONEncoder(backend: JSONBackend) throws {
    var generator = SplitMix64(seed: 42)
    var values: [Double] = []
    for _ in 0..<2_000 {
      let bits = generator.next()
      let value = Double(bitPattern: bits)
      if value.isFinite { values.append(value) }
      values.append(Double(Int64(bitPattern: bits) >> 20) / 1000)  // timestamps and prices
    }
    let ours = try LogJSONEncoder(backend: backend).encode(values)
    #expect(codecString(ours) == codecString(try codecFoundationJSON(values)))
  }

  @Test(arguments: JSONBackend.allCases)
  func nonFiniteNumbersAreRejectedWithTheirPath(backend: JSONBackend) throws {
    let encoder = LogJSONEncoder(backend: backend)
    let nan = codecError { _ = try encoder.encode(CodecEventLine(seq: 1, t: .nan, origin: "send", action: CodecAmountAction.textChanged(nil))) }
    #expect(nan?.kind == .invalidValue)
    #expect(nan?.codingPath == "t")
    #expect(nan?.description == "invalid value at t: Unable to encode Double.nan directly in JSON.")

    let infinity = codecError { _ = try encoder.encode([[1.0], [2.0, -.infinity]]) }
    #expect(infinity?.codingPath == "[1][1]")
    #expect(infinity?.message.contains("-inf") == true)

    let float = codecError { _ = try encoder.encode(CodecSignInAction.move(dx: 1, .infinity)) }
    #expect(float?.codingPath == "move._1")

    let date = codecError { _ = try encoder.encode(Date(timeIntervalSinceReferenceDate: .nan)) }
    #expect(date?.kind == .invalidValue)

    #expect(throws: LogCodecError.self) { try encoder.encode(Decimal.nan) }
    #expect(throws: LogCodecError.self) { try encoder.serialize(.array([.double(.nan)])) }
  }

  @Test func valueThatEncodesNothingIsAnErrorAtTopLevelAndEmptyObjectInside() throws {
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
    let error = codecError { _ = try LogJSONEncoder().encode(Nothing()) }
    #expect(error?.kind == .invalidValue)
    #expect(codecString(try LogJSONEncoder().encode([Nothing()])) == codecString(try codecFoundationJSON([Nothing()])))
  }

  @Test func keyEncodedTwiceKeepsItsPlaceAndTakesTheLastValue() throws {
    struct Twice: Encodable {
      enum Key: CodingKey { case a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
        try container.encode(3, forKey: .a)
      }
    }
    #expect(codecString(try LogJSONEncoder().encode(Twice())) == #"{"a":3,"b":2}"#)
  }

  @Test func largeDictionariesEncodeEveryKeyOnce() throws {
    let dictionary = Dictionary(uniqueKeysWithValues: (0..<500).map { ("key\($0)", $0) })
    let ours = try codecSortedJSON(dictionary, backend: .preferred)
    #expect(codecString(ours) == codecString(try codecFoundationJSON(dictionary, sortedKeys: true)))
  }

  @Test(arguments: JSONBackend.allCases)
  func nulInsideAKeySurvives(backend: JSONBackend) throws {
    let value = ["a\u{0}b": 1]
    let bytes = try LogJSONEncoder(backend: backend).encode(value)
    #expect(codecString(bytes) == #"{"a\u0000b":1}"#)
    #expect(try LogJSONDecoder(backend: backend).decode([String: Int].self, from: bytes) == value)
  }
}
