import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// Inputs on which the fuzz target (Sources/RefoldFuzz, docs/fuzzing.md) found the codec and
/// Foundation's `JSONDecoder` disagreeing, each held to parity on both backends.
struct FuzzRegressionTests {
  /// `JSONDecoder` reads -2^63 only as the plain literal: with a fraction or an exponent it is
  /// an error (its digits overflow before the sign is applied), while -2^63 + 1 is read. The
  /// codec read all of them as `Int64.min`. Found as the `id` of `Following.Action.followTapped`.
  @Test(arguments: JSONBackend.allCases)
  func int64MinWithAFractionOrExponentIsRejectedAsJSONDecoderRejectsIt(backend: JSONBackend) throws {
    for literal in [
      "-9223372036854775808.0", "-9223372036854775808e0", "-922337203685477580.8e1", "-9223372036854775808.00",
      "-9223372036854775808.5", "-9223372036854775808", "-9223372036854775807.0", "9223372036854775807.0",
    ] {
      expectCodecParity([String: Int64].self, #"{"a":\#(literal)}"#, backend: backend)
      expectCodecParity([String: Int].self, #"{"a":\#(literal)}"#, backend: backend)
    }
    #expect(throws: LogCodecError.self) {
      try LogJSONDecoder(backend: backend).decode(Int64.self, from: Array("-9223372036854775808.0".utf8))
    }
    #expect(try LogJSONDecoder(backend: backend).decode(Int64.self, from: Array("-9223372036854775808".utf8)) == .min)
  }

  /// Past 2^53, `JSONDecoder` reads an integer through `Decimal`: all its significant digits,
  /// fraction included (trailing zeros aside), must fit in a `UInt64` before the fraction is
  /// cut off. The codec cut the fraction off first and read `-9223372036854775404.018446744…`
  /// as -9223372036854775404. Found by libFuzzer (mutating a digit of an action's `id`).
  @Test(arguments: JSONBackend.allCases)
  func anIntegerPast2To53IsReadThroughAllItsSignificantDigitsAsJSONDecoderReadsIt(backend: JSONBackend) {
    for literal in [
      "-9223372036854775404.018446744073709551615", "-9223372036854775404.01", "-9223372036854775404.0",
      "9223372036854775404.0000000000000000000000", "9007199254740993.5", "9007199254740993.123456789012345678901",
      "10000000000000000.000000000000000000000", "100000000000000000000000000000000000000e-22",
      "1.0000000000000000000000000000000000001e16", "90071992547409930e-1", "18446744073709551615.5",
      "18446744073709551615.000000000000000000001", "-922337203685477540.4018446744073709551615e1",
      "-9072332236854775807.1",  // found by the other process of the same run
    ] {
      expectCodecParity([String: Int64].self, #"{"a":\#(literal)}"#, backend: backend)
      expectCodecParity([String: Int].self, #"{"a":\#(literal)}"#, backend: backend)
      expectCodecParity([String: UInt64].self, #"{"a":\#(literal)}"#, backend: backend)
    }
  }
}
