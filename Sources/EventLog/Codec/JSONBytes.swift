/// The byte-level pieces of writing JSON that ``JSONWriter`` and the log's line writer
/// (`LogLineWriter`) share: literal words and decimal integers, appended to a byte buffer
/// without building a `String`.
enum JSONBytes {
  @inline(__always)
  static func append(_ word: StaticString, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of `magnitude`, after a `-` when `negative`.
  static func appendDecimal(_ magnitude: UInt64, negative: Bool = false, to buffer: inout [UInt8]) {
    if negative { buffer.append(UInt8(ascii: "-")) }
    let start = buffer.count
    var rest = magnitude
    repeat {
      let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
      buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit))
      rest = quotient
    } while rest != 0
    buffer[start...].reverse()
  }
}
