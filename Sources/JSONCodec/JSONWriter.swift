/// Writes a ``JSONValue`` as compact JSON, byte for byte as Foundation's `JSONEncoder` does.
///
/// `JSONEncoder`'s string escaping: `"` `\` and `/` get a backslash (`"\/"`); `\b \f \n \r \t`
/// use their short forms; every other byte below 0x20 is `\u00xx` in lowercase hex; everything
/// else, DEL and U+2028 included, is written as is. Numbers are written by ``JSONNumber``.
///
/// json-c writes the same bytes (see `JSONC+Serialize.swift`); this writer is the fallback
/// where json-c is not available, and the reference it is tested against.
package enum JSONWriter {
  package static func write(_ value: JSONValue, into buffer: inout [UInt8]) throws(LogCodecError) {
    switch value {
    case .null:
      JSONBytes.append("null", to: &buffer)
    case .bool(let bool):
      JSONBytes.append(bool ? "true" : "false", to: &buffer)
    case .int(let int):
      JSONBytes.appendDecimal(int.magnitude, negative: int < 0, to: &buffer)
    case .uint(let uint):
      JSONBytes.appendDecimal(uint, to: &buffer)
    case .double(let double):
      guard let text = JSONNumber.text(for: double) else {
        throw LogCodecError(kind: .invalidValue, message: "\(double) cannot be written as JSON")
      }
      buffer.append(contentsOf: text.utf8)
    case .number(let text):
      guard JSONNumber.isLiteral(text) else {
        throw LogCodecError(kind: .invalidValue, message: "\(text) is not a JSON number")
      }
      buffer.append(contentsOf: text.utf8)
    case .string(let string):
      writeString(string, into: &buffer)
    case .array(let elements):
      buffer.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { buffer.append(UInt8(ascii: ",")) }
        try write(element, into: &buffer)
      }
      buffer.append(UInt8(ascii: "]"))
    case .object(let object):
      buffer.append(UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { buffer.append(UInt8(ascii: ",")) }
        writeString(member.key, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        try write(member.value, into: &buffer)
      }
      buffer.append(UInt8(ascii: "}"))
    }
  }

  package static func writeString(_ string: String, into buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated() where needsEscape(byte) {
        if runStart < index {
          buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        }
        appendEscape(byte, to: &buffer)
        runStart = index + 1
      }
      if runStart < utf8.count {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
  }

  private static func appendEscape(_ byte: UInt8, to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case 0x08: buffer.append(UInt8(ascii: "b"))
    case 0x0C: buffer.append(UInt8(ascii: "f"))
    case 0x0A: buffer.append(UInt8(ascii: "n"))
    case 0x0D: buffer.append(UInt8(ascii: "r"))
    case 0x09: buffer.append(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      buffer.append(contentsOf: [
        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
        hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)],
      ])
    }
  }
}
