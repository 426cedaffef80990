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
    // NB: The string's bytes are lent by `withUTF8` and read as a span, checked:
    //     `String.UTF8View.span` needs macOS 26, and iterating the view cost a key a third more.
    var string = string
    string.withUTF8 { writeString($0.span, into: &buffer) }
  }

  private static func writeString(_ bytes: Span<UInt8>, into buffer: inout [UInt8]) {
    // NB: The escapes' extra bytes are counted first, so that the string is written in one pass
    //     into room made for it at once: appending run by run through `Array.append(contentsOf:)`
    //     cost a key a third more than the copy it replaced.
    var extra = 0
    for index in bytes.indices { extra &+= escapeExtraCount(bytes[index]) }
    buffer.append(addingCapacity: bytes.count + extra + 2) { room in
      room.append(UInt8(ascii: "\""))
      if extra == 0 {
        for index in bytes.indices { room.append(bytes[index]) }
      } else {
        for index in bytes.indices { appendEscaped(bytes[index], to: &room) }
      }
      room.append(UInt8(ascii: "\""))
    }
  }

  /// How many more bytes than one `byte` takes once escaped: 1 for a two-character escape
  /// (`\"`, `\n`…), 5 for `\u00xx`, 0 when it is written as it is.
  @inline(__always)
  private static func escapeExtraCount(_ byte: UInt8) -> Int {
    guard needsEscape(byte) else { return 0 }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), 0x08, 0x0C, 0x0A, 0x0D, 0x09: return 1
    default: return 5
    }
  }

  @inline(__always)
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
  }

  /// Appends `byte`, escaped if it must be, into room that ``escapeExtraCount(_:)`` counted.
  private static func appendEscaped(_ byte: UInt8, to room: inout OutputSpan<UInt8>) {
    guard needsEscape(byte) else { return room.append(byte) }
    room.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): room.append(byte)
    case 0x08: room.append(UInt8(ascii: "b"))
    case 0x0C: room.append(UInt8(ascii: "f"))
    case 0x0A: room.append(UInt8(ascii: "n"))
    case 0x0D: room.append(UInt8(ascii: "r"))
    case 0x09: room.append(UInt8(ascii: "t"))
    default:
      room.append(UInt8(ascii: "u"))
      room.append(UInt8(ascii: "0"))
      room.append(UInt8(ascii: "0"))
      room.append(JSONBytes.lowercaseHexDigit(byte >> 4))
      room.append(JSONBytes.lowercaseHexDigit(byte & 0xF))
    }
  }
}
