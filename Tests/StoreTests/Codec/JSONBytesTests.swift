import Foundation
@testable import JSONCodec
import Testing

/// The writer's byte-level pieces, which write into room made in the buffer rather than
/// through a temporary: every digit count, every microsecond's trailing zeros, and escapes at
/// every place in a run.
struct JSONBytesTests {
  /// 0, each power of ten and its neighbours up to 10^19, and the largest.
  static let magnitudes: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1]
    + (1...19).flatMap { exponent -> [UInt64] in
      let power = (0..<exponent).reduce(UInt64(1)) { value, _ in value * 10 }
      return [power - 1, power, power + 1]
    }

  @Test func everyDigitCountIsWrittenAsSwiftPrintsIt() {
    for magnitude in Self.magnitudes {
      var buffer: [UInt8] = Array("x".utf8)
      JSONBytes.appendDecimal(magnitude, to: &buffer)
      #expect(String(decoding: buffer, as: UTF8.self) == "x\(magnitude)")
      var negative: [UInt8] = []
      JSONBytes.appendDecimal(magnitude, negative: true, to: &negative)
      #expect(String(decoding: negative, as: UTF8.self) == "-\(magnitude)")
    }
  }

  @Test func microsecondsKeepLeadingZerosAndDropTrailingOnes() {
    var buffer: [UInt8] = []
    JSONBytes.appendMicroseconds(0, to: &buffer)
    #expect(buffer.isEmpty)
    // Every count of trailing zeros, and a stride through the rest of the range.
    let values: [UInt64] = [1, 42, 10, 120_000, 100_000, 999_999, 500_000, 1_000, 10_000, 700_000]
      + Array(stride(from: 1, to: 1_000_000, by: 997))
    for value in values {
      var buffer: [UInt8] = Array("t".utf8)
      JSONBytes.appendMicroseconds(value, to: &buffer)
      var expected = String(value)
      expected = String(repeating: "0", count: 6 - expected.count) + expected
      while expected.hasSuffix("0") { expected.removeLast() }
      #expect(String(decoding: buffer, as: UTF8.self) == "t." + expected, "\(value)")
    }
  }

  /// Escapes first, last, side by side and alone, in small strings (held inline) and large
  /// ones: the same bytes as Foundation's encoder.
  @Test(arguments: [
    "\"", "/abc", "abc/", "a\"\\/b", "\n\n\n", "x\u{1}y\u{1F}z", "plain", "",
    "백만원/₩", String(repeating: "long run ", count: 20) + "\"end",
    "\\" + String(repeating: "é", count: 40) + "\t",
  ])
  func stringsAreEscapedAsFoundationDoes(_ text: String) throws {
    var buffer: [UInt8] = []
    JSONWriter.writeString(text, into: &buffer)
    let foundation = try JSONEncoder().encode(text)
    #expect(buffer == Array(foundation), "\(String(decoding: buffer, as: UTF8.self))")
  }
}
