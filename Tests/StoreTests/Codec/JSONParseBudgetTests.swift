import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog

/// The scan that prices a JSON text's tree before it is parsed (issue 54: 3 MB of `[{},…]` took
/// 837 MB to parse): what it counts, and the refusal of a text priced above the limit, the
/// same on both backends.
struct JSONParseBudgetTests {
  struct Counted: CustomTestStringConvertible, Sendable {
    var text: String
    var values: Int
    var members: Int
    var objects: Int
    var arrays: Int
    var longTextBytes: Int
    var testDescription: String { text }
  }

  @Test(arguments: [
    Counted(text: "[{},{}]", values: 3, members: 0, objects: 0, arrays: 1, longTextBytes: 0),
    Counted(text: "[[],[ ]]", values: 3, members: 0, objects: 0, arrays: 2, longTextBytes: 0),
    Counted(text: #"{"a":[1,2],"b":"0123456789abcdefX"}"#, values: 5, members: 2, objects: 1, arrays: 1, longTextBytes: 17),
    Counted(text: "[true,false,null]", values: 4, members: 0, objects: 0, arrays: 1, longTextBytes: 0),
    Counted(text: #""a\"b""#, values: 1, members: 0, objects: 0, arrays: 0, longTextBytes: 0),
    Counted(text: "12345678901234567890", values: 1, members: 0, objects: 0, arrays: 0, longTextBytes: 20),
    Counted(text: #"{"":0,"":0}"#, values: 3, members: 2, objects: 1, arrays: 0, longTextBytes: 0),
  ])
  func theScanCountsWhatTheParserWouldBuild(_ counted: Counted) {
    let census = JSONParseBudget.Census(ContiguousArray(counted.text.utf8).span)
    #expect(census.values == counted.values)
    #expect(census.members == counted.members)
    #expect(census.objects == counted.objects)
    #expect(census.arrays == counted.arrays)
    #expect(census.longTextBytes == counted.longTextBytes)
  }

  static func parse(_ bytes: [UInt8], _ backend: JSONBackend, limit: Int) throws -> JSONValue {
    try bytes.withUnsafeBytes { try LogJSONDecoder(backend: backend, maxParsedBytes: limit).parseJSONLine($0) }
  }

  /// The shapes whose trees are many times their bytes, each of about `count` bytes.
  static func shapes(count: Int) -> [(name: String, text: String)] {
    let nest = String(repeating: "[", count: 500) + "0" + String(repeating: "]", count: 500)
    return [
      ("objects", "[" + Array(repeating: "{}", count: count / 3).joined(separator: ",") + "]"),
      ("arrays", "[" + Array(repeating: "[]", count: count / 3).joined(separator: ",") + "]"),
      ("numbers", "[" + Array(repeating: "0", count: count / 2).joined(separator: ",") + "]"),
      ("strings", "[" + Array(repeating: #""""#, count: count / 3).joined(separator: ",") + "]"),
      ("members", "{" + Array(repeating: #""":0"#, count: count / 5).joined(separator: ",") + "}"),
      ("nested", "[" + Array(repeating: nest, count: count / 1002).joined(separator: ",") + "]"),
    ]
  }

  @Test(arguments: JSONBackend.allCases)
  func aTextPricedAboveTheLimitIsRefusedAndOneBelowItParses(backend: JSONBackend) throws {
    for (name, text) in Self.shapes(count: 200_000) {
      let bytes = Array(text.utf8)
      let refused = #expect(throws: LogCodecError.self, "\(name)") {
        try Self.parse(bytes, backend, limit: 1 << 20)
      }
      #expect(refused?.kind == .tooLarge, "\(name)")
      #expect(refused?.description.hasPrefix("too large: its \(bytes.count) bytes would take about ") == true, "\(name): \(String(describing: refused))")
      #expect(
        refused?.message.hasSuffix("more than the 1 MiB allowed; REFOLD_MAX_PARSED_BYTES=BYTES raises the limit") == true,
        "\(name): \(String(describing: refused))")
      // Raised, the same text parses, to the tree the other backend builds.
      let raised = try Self.parse(bytes, backend, limit: 64 << 20)
      #expect(raised == (try Self.parse(bytes, .swift, limit: 64 << 20)), "\(name)")
    }
  }

  /// The price is never below what the tree holds, for these shapes and for JSON as a log
  /// holds it (the fuzz target checks the same of every input).
  @Test(arguments: JSONBackend.allCases)
  func thePriceIsNeverBelowWhatTheTreeHolds(backend: JSONBackend) throws {
    let ordinary = [
      #"{"seq":1,"t":1763740800.5,"origin":"send","action":{"addItem":{"id":3,"name":"a name longer than fifteen"}}}"#,
      #"{"items":[{"id":1,"name":null},{"id":2,"name":"two"}],"notes":["x","y","z","w","v"],"ratio":1.5,"text":"\u00e9t\u00e9"}"#,
      "[" + (1...100).map(String.init).joined(separator: ",") + "]",
      "[1e400,18446744073709551616,-0.0,\"\"]",
    ]
    for text in Self.shapes(count: 20_000).map(\.text) + ordinary {
      let bytes = Array(text.utf8)
      let tree = try Self.parse(bytes, backend, limit: 64 << 20)
      let all = bytes[...]
      let price = JSONParseBudget.Census(all.span).estimatedBytes
      #expect(JSONParseBudget.heldBytes(of: tree) <= price, "\(text.prefix(80))")
    }
  }

  /// Text is priced too: a string of 2 MiB is 2 MiB of tree.
  @Test func aLongStringCountsItsBytes() throws {
    let text = Array(("\"" + String(repeating: "x", count: 2 << 20) + "\"").utf8)
    let error = #expect(throws: LogCodecError.self) {
      try Self.parse(text, .swift, limit: 1 << 20)
    }
    #expect(error?.kind == .tooLarge)
    #expect(try Self.parse(text, .swift, limit: 3 << 20).stringValue?.utf8.count == 2 << 20)
  }

  /// A text no longer than the limit over the highest price of a byte is within the limit
  /// whatever it holds, so it is not scanned at all.
  @Test func noTextShortEnoughToPassUnscannedIsPricedAboveTheLimit() {
    let limit = 1 << 20
    let length = limit / JSONParseBudget.mostBytesPerByte
    for byte in Array("{[0t\":,".utf8) {
      let text = ContiguousArray<UInt8>(repeating: byte, count: length)
      let price = JSONParseBudget.Census(text.span).estimatedBytes
      #expect(price <= limit, "\(length) × '\(UnicodeScalar(byte))': \(price)")
    }
  }

  @Test(arguments: [
    ("268435456", 268_435_456), ("256M", 256 << 20), ("1g", 1 << 30), ("64k", 64 << 10), ("0", nil), ("-1", nil),
    ("", nil), ("M", nil), ("12Q", nil), ("1.5M", nil), ("99999999999999999999", nil), ("９", nil),
  ] as [(String, Int?)])
  func theLimitIsASizeInBytesWithAnOptionalBinarySuffix(text: String, limit: Int?) {
    #expect(JSONParseBudget.parseLimit(text) == limit)
  }
}
