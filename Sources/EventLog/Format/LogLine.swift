import JSONCodec

/// The framing every line of the event log shares: a JSON object whose last member is
/// `"crc":"hhhhhhhh"`, the CRC-32 of the bytes before it, then `\n`.
///
/// A line is `P` + `,"crc":"hhhhhhhh"}` + `\n`, where `P` is the object's text up to (not
/// including) the comma before `"crc"`, and `hhhhhhhh` is ``CRC32`` of `P` in lowercase hex.
/// The suffix has a fixed length, so a reader checks its shape and the CRC before it parses any
/// JSON.
package enum LogLine {
  /// `,"crc":"` + 8 hex digits + `"}`.
  package static let suffixLength = 18

  /// Turns `buffer[payloadStart...]` (the payload `P`) into a complete line: appends the
  /// checksum member, the closing brace and the newline.
  package static func seal(_ buffer: inout [UInt8], payloadStart: Int) {
    let crc = CRC32.checksum(buffer, from: payloadStart)
    // NB: The suffix is written into room made for it at once: an append per byte checked the
    //     buffer's uniqueness and capacity each time, 19 times a line on the recorder's writer
    //     thread.
    buffer.append(addingCapacity: suffixLength + 1) { suffix in
      // ,"crc":"
      suffix.append(UInt8(ascii: ","))
      suffix.append(UInt8(ascii: "\""))
      suffix.append(UInt8(ascii: "c"))
      suffix.append(UInt8(ascii: "r"))
      suffix.append(UInt8(ascii: "c"))
      suffix.append(UInt8(ascii: "\""))
      suffix.append(UInt8(ascii: ":"))
      suffix.append(UInt8(ascii: "\""))
      for index in 0..<8 {
        let nibble = UInt8(truncatingIfNeeded: crc &>> UInt32(28 - 4 * index)) & 0xF
        suffix.append(JSONBytes.lowercaseHexDigit(nibble))
      }
      suffix.append(UInt8(ascii: "\""))
      suffix.append(UInt8(ascii: "}"))
      suffix.append(UInt8(ascii: "\n"))
    }
  }

  /// What is wrong with a line's framing.
  package enum Defect: Error, Equatable, Sendable {
    /// The line does not end in `,"crc":"hhhhhhhh"}` (lowercase hex).
    case noChecksum
    /// The checksum does not match the bytes.
    case checksumMismatch(recorded: UInt32, computed: UInt32)

    package var message: String {
      switch self {
      case .noChecksum:
        "malformed line: it does not end with a \"crc\" member (,\"crc\":\"<8 lowercase hex digits>\"})"
      case .checksumMismatch(let recorded, let computed):
        "checksum mismatch: the line says \(hex(recorded)), its bytes give \(hex(computed))"
      }
    }
  }

  /// Checks the framing and the checksum of `line` (without its `\n`) and returns the length
  /// of the payload `P` (the line's first bytes), or the defect.
  package static func payloadLength(of line: Span<UInt8>) -> Result<Int, Defect> {
    let count = line.count
    // The smallest line is `{` + suffix.
    guard count >= suffixLength + 1, let recorded = recordedChecksum(line) else { return .failure(.noChecksum) }
    let length = count - suffixLength
    let computed = CRC32.checksum(line.extracting(0..<length))
    guard computed == recorded else { return .failure(.checksumMismatch(recorded: recorded, computed: computed)) }
    return .success(length)
  }

  /// The checksum the suffix records, when the suffix has the right shape.
  static func recordedChecksum(_ line: Span<UInt8>) -> UInt32? {
    let start = line.count - suffixLength
    // ,"crc":"
    guard line[start] == 0x2C, line[start + 1] == 0x22, line[start + 2] == 0x63, line[start + 3] == 0x72,
      line[start + 4] == 0x63, line[start + 5] == 0x22, line[start + 6] == 0x3A, line[start + 7] == 0x22,
      line[start + 16] == 0x22, line[start + 17] == 0x7D
    else { return nil }
    var value: UInt32 = 0
    for index in (start + 8)..<(start + 16) {
      let byte = line[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte &- 0x30
      case 0x61...0x66: digit = byte &- 0x61 &+ 10
      default: return nil
      }
      value = value &<< 4 | UInt32(digit)
    }
    return value
  }

  /// `value` as 8 lowercase hex digits, as a line's checksum writes it.
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
