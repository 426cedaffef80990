import Foundation
import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// `JSONValue` as a type of its own: inside other `Codable` values (a `SharedChange`), through
/// Foundation's coders, and made by hand.
@Suite struct JSONValueTests {
  struct Price: Codable, Equatable {
    var id: UInt64
    var amount: Decimal
    var at: Date
  }

  static let price = Price(id: .max, amount: Decimal(string: "0.1")!, at: Date(timeIntervalSinceReferenceDate: 786_123_456.5))

  @Test(arguments: JSONBackend.allCases)
  func aSharedChangeKeepsItsValueExactThroughALine(backend: JSONBackend) throws {
    let change = SharedChange(key: "inMemory:price", value: try JSONValue(encoding: Self.price))
    let bytes = try LogJSONEncoder(backend: backend).encode(change)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""id":18446744073709551615,"amount":0.1,"#), "\(text)")
    let decoded = try LogJSONDecoder(backend: backend).decode(SharedChange.self, from: bytes)
    #expect(decoded == change)
    #expect(try decoded.value.decode(as: Price.self) == Self.price)
  }

  @Test(arguments: JSONBackend.allCases)
  func numberTextThatIsNotANumberIsNeverWritten(backend: JSONBackend) throws {
    let encoder = LogJSONEncoder(backend: backend)
    for text in ["12abc", "", "1.", "NaN", "1 ", #"1,"x":2"#] {
      #expect(throws: LogCodecError.self, "\(text)") { try encoder.serialize(["n": .number(text)]) }
      do {
        _ = try encoder.serialize(.number(text))
      } catch {
        #expect(error.kind == .invalidValue)
        #expect(error.message == "\(text) is not a JSON number")
      }
    }
    #expect(try encoder.serialize([.number("1e400"), .number("-0.5E+3")]) == Array("[1e400,-0.5E+3]".utf8))
    #expect(throws: LogCodecError.self) { try encoder.serialize(.double(.nan)) }
  }

  @Test func foundationsCodersGetTheSameValueWithKeysSorted() throws {
    let value: JSONValue = ["b": 1, "a": [true, .null, "x", 2.5], "c": ["d": -7]]
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded == ["a": [true, .null, "x", 2.5], "b": 1, "c": ["d": -7]])
    #expect(decoded.keys == ["a", "b", "c"])
  }

  @Test func numbersAreEqualByValueWhateverFormTheyCameIn() {
    let same: [(JSONValue, JSONValue)] = [
      (.number("0.1"), .double(0.1)), (.double(3), .int(3)), (.number("3.0"), .int(3)),
      (.uint(5), .int(5)), (.number("18446744073709551615"), .uint(.max)),
      (.number("786123456.1234567"), .double(786_123_456.123_456_7)),
      (["a": [.number("1e2")]], ["a": [100]]),
    ]
    for (left, right) in same {
      #expect(left == right)
      #expect(left.hashValue == right.hashValue)
    }
    // What no Double holds exactly is compared by its text, never rounded to equal.
    #expect(JSONValue.number("9007199254740993.0") != .double(9_007_199_254_740_992))
    #expect(JSONValue.number("1e400") != .number("1e401"))
    #expect(JSONValue.int(1) != .string("1") && JSONValue.bool(true) != .int(1))
  }

  @Test func valuesMadeByHandReadBack() {
    let value = JSONValue(["name": JSONValue("iu"), "age": JSONValue(31), "big": JSONValue(UInt64.max), "nan": JSONValue(Double.nan)])
    #expect(value["name"]?.stringValue == "iu")
    #expect(value["age"]?.int64Value == 31)
    #expect(value["big"] == .uint(.max))
    #expect(value["nan"]?.isNull == true)
    #expect(value.description == #"{"name":"iu","age":31,"big":18446744073709551615,"nan":null}"#)
    #expect(JSONValue.number("x").description == "null")
    #expect(SharedChange(key: "inMemory:a", value: ["b": "/"]).description == #"inMemory:a = {"b":"\/"}"#)
  }
}
