import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog

/// An event line's `t`, written from its microseconds, is byte for byte the general number
/// printer's text (the shortest that reads back as the same `Double`, as `JSONEncoder` writes
/// it), for every time the recorder makes and for any other value that reaches it.
struct EventTimeTextTests {
  static func written(_ t: Double) -> String {
    var buffer: [UInt8] = []
    LogLineWriter.appendTime(t, to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  static func general(_ t: Double) -> String {
    JSONNumber.text(for: t) ?? "0"
  }

  @Test func recordedTimesAreWrittenAsThePrinterWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var seconds: [Int] = [1, 9, 10, 999_999, 1_764_213_456, 4_294_967_295]
    seconds += (0..<2_000).map { _ in Int.random(in: 1..<4_294_967_296, using: &generator) }
    // Fractions with leading zeros (.000001, .000042), trailing zeros (.5, .120000), none and all.
    let fixed = [0, 1, 42, 999, 1_000, 100_000, 120_000, 500_000, 999_999, 123_456]
    for second in seconds {
      for micros in fixed + (0..<20).map({ _ in Int.random(in: 0..<1_000_000, using: &generator) }) {
        let t = LogLineWriter.time(seconds: second, nanoseconds: micros * 1_000 + 999)
        #expect(Self.written(t) == Self.general(t), "\(second) s + \(micros) µs")
      }
    }
  }

  @Test func otherValuesTakeThePrinter() {
    let values: [Double] = [
      0, -0.0, 0.5, 1e-7, 0.000123, -1, -1_764_213_456.5, 4_294_967_296, 4_294_967_296.25, 1e16, 1.5e300,
      1_764_213_456.1234567, 1_764_213_456 + 1e-7, .pi, Double(Float.greatestFiniteMagnitude),
      1.0.nextUp, 1_764_213_456.123456.nextUp, 1_764_213_456.123456.nextDown,
    ]
    for value in values {
      #expect(Self.written(value) == Self.general(value), "\(value)")
    }
    #expect(Self.written(.nan) == "0")
    #expect(Self.written(.infinity) == "0")
  }
}
