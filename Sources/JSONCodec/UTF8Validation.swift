/// Strict UTF-8 checks (Unicode table 3-7): no overlong forms, no surrogates, nothing above
/// U+10FFFF. `String(decoding:as:)` would silently repair such bytes; `JSONDecoder` rejects them,
/// and so do we, before any string is built.
package enum UTF8Validation {
  /// The length of the valid multi-byte sequence starting at `index`, or 0 if it is invalid.
  /// `bytes[index]` must be at least 0x80.
  @inlinable @inline(__always)
  package static func sequenceLength(_ bytes: Span<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let available = bytes.count - index
    @inline(__always) func byte(_ offset: Int) -> UInt8 { bytes[index + offset] }
    @inline(__always) func isContinuation(_ value: UInt8) -> Bool { value & 0xC0 == 0x80 }
    switch lead {
    case 0xC2...0xDF:
      return available >= 2 && isContinuation(byte(1)) ? 2 : 0
    case 0xE0...0xEF:
      guard available >= 3 else { return 0 }
      let second = byte(1)
      let secondValid =
        switch lead {
        case 0xE0: (0xA0...0xBF).contains(second)
        case 0xED: (0x80...0x9F).contains(second)  // no UTF-16 surrogates
        default: isContinuation(second)
        }
      return secondValid && isContinuation(byte(2)) ? 3 : 0
    case 0xF0...0xF4:
      guard available >= 4 else { return 0 }
      let second = byte(1)
      let secondValid =
        switch lead {
        case 0xF0: (0x90...0xBF).contains(second)
        case 0xF4: (0x80...0x8F).contains(second)  // nothing above U+10FFFF
        default: isContinuation(second)
        }
      return secondValid && isContinuation(byte(2)) && isContinuation(byte(3)) ? 4 : 0
    default:
      return 0
    }
  }

  /// The offset of the first invalid byte, or `nil` when all of `bytes` is valid UTF-8.
  package static func firstInvalidOffset(_ bytes: Span<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      let length = sequenceLength(bytes, at: index)
      if length == 0 { return index }
      index += length
    }
    return nil
  }
}
