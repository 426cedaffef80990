/// The byte-level pieces of writing JSON that ``JSONWriter`` and the log's line writer
/// (`LogLineWriter`) share: literal words and decimal integers, appended to a byte buffer
/// without building a `String`.
package enum JSONBytes {
  @inlinable @inline(__always)
  package static func append(_ word: StaticString, to buffer: inout [UInt8]) {
    word.withUTF8Buffer { buffer.append(contentsOf: $0) }
  }

  /// The lowercase hex digit of `nibble` (0…15): what a line's checksum and a `\u00xx` escape
  /// are written with.
  @inlinable @inline(__always)
  package static func lowercaseHexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
  }

  /// Appends the decimal digits of `magnitude`, after a `-` when `negative`.
  @inlinable
  package static func appendDecimal(_ magnitude: UInt64, negative: Bool = false, to buffer: inout [UInt8]) {
    if negative { buffer.append(UInt8(ascii: "-")) }
    // NB: The digits are written into room made for the most a UInt64 has, least significant
    //     first, and then put in order: an append per digit to the array checked its uniqueness
    //     and capacity each time (a tenth of the recorder's writer thread).
    buffer.append(addingCapacity: 20) { room in
      var rest = magnitude
      repeat {
        let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
        room.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit))
        rest = quotient
      } while rest != 0
      var low = 0
      var high = room.count - 1
      while low < high {
        room.swapAt(low, high)
        low += 1
        high -= 1
      }
    }
  }

  /// Appends `.` and the six digits of `microseconds` (below 1,000,000), leading zeros kept and
  /// trailing zeros dropped (`42` → `.000042`, `120000` → `.12`); nothing for 0.
  @inlinable
  package static func appendMicroseconds(_ microseconds: UInt64, to buffer: inout [UInt8]) {
    guard microseconds != 0 else { return }
    var rest = microseconds
    var count = 6
    while rest % 10 == 0 {
      rest /= 10
      count -= 1
    }
    buffer.append(addingCapacity: count + 1) { room in
      room.append(UInt8(ascii: "."))
      room.append(repeating: UInt8(ascii: "0"), count: count)
      var digits = room.mutableSpan
      for index in stride(from: count, through: 1, by: -1) {
        let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
        digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
        rest = quotient
      }
    }
  }
}
