/// The byte-level pieces of writing JSON that ``JSONWriter`` and the log's line writer
/// (`LogLineWriter`) share: literal words and decimal integers, appended to a byte buffer
/// without building a `String`.
package enum JSONBytes {
  @inlinable @inline(__always)
  package static func append(_ word: StaticString, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of `magnitude`, after a `-` when `negative`.
  @inlinable
  package static func appendDecimal(_ magnitude: UInt64, negative: Bool = false, to buffer: inout [UInt8]) {
    if negative { buffer.append(UInt8(ascii: "-")) }
    // NB: The digits are made right to left on the stack and appended at once: an append per
    //     digit checked the buffer's uniqueness and capacity each time (a tenth of the
    //     recorder's writer thread).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = digits.count
      var rest = magnitude
      repeat {
        let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
        index -= 1
        digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
        rest = quotient
      } while rest != 0
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
    }
  }

  /// Appends `.` and the six digits of `microseconds` (below 1,000,000), leading zeros kept and
  /// trailing zeros dropped (`42` → `.000042`, `120000` → `.12`); nothing for 0.
  @inlinable
  package static func appendMicroseconds(_ microseconds: UInt64, to buffer: inout [UInt8]) {
    guard microseconds != 0 else { return }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 7) { digits in
      digits[0] = UInt8(ascii: ".")
      var rest = microseconds
      var end = 0
      for index in stride(from: 6, through: 1, by: -1) {
        let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
        digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
        if end == 0, digit != 0 { end = index + 1 }
        rest = quotient
      }
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<end]))
    }
  }
}
