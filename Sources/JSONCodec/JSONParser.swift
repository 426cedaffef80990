/// A strict JSON parser in Swift that accepts exactly what `JSONDecoder` accepts.
///
/// It is the reference the json-c path answers to: json-c parses the common case, and any
/// input it is laxer or stricter about (see `JSONC+Parse.swift`) is parsed here instead. It is
/// also the parser where json-c is not available.
///
/// `JSONDecoder`'s grammar is RFC 8259 plus three tolerances kept here for parity: a leading
/// UTF-8 byte-order mark, and a trailing comma before `]` or `}` (`[1,]`).
package struct JSONParser {
  /// Deeper input is rejected, as `JSONDecoder` rejects it, before the stack runs out.
  package static let maximumDepth = 512

  // NB: The input is not a stored property: a span cannot be stored in an escapable struct, so
  //     each method takes it. Every read of it is bounds-checked.
  private var index = 0
  private var depth = 0
  /// Reused for strings with escapes.
  private var scratch: [UInt8] = []

  private init() {}

  /// ``parse(_:)`` of a string's UTF-8 (a value written into a key's id, or into Swift source).
  /// Throws a ``LogCodecError`` (`withUTF8` only rethrows untyped).
  package static func parse(text: String) throws -> JSONValue {
    var text = text
    return try text.withUTF8 { bytes throws(LogCodecError) in try parse(bytes.span) }
  }

  /// Parses one complete JSON value; only whitespace may surround it.
  package static func parse(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    var parser = JSONParser()
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      parser.index = 3
    }
    parser.skipWhitespace(bytes)
    let value = try parser.parseValue(bytes)
    parser.skipWhitespace(bytes)
    if parser.index != bytes.count {
      throw .invalidJSON("unexpected \(parser.describeByte(bytes)) after the JSON value", at: parser.index)
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    guard index < bytes.count else {
      throw .invalidJSON("unexpected end of input, expected a value", at: index)
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(bytes)
    case UInt8(ascii: "["): return try parseArray(bytes)
    case UInt8(ascii: "\""): return .string(try parseString(bytes))
    case UInt8(ascii: "t"): return try parseLiteral(bytes, "true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral(bytes, "false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral(bytes, "null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(bytes)
    default:
      throw .invalidJSON("unexpected \(describeByte(bytes)), expected a value", at: index)
    }
  }

  private mutating func parseLiteral(_ bytes: Span<UInt8>, _ word: String, _ value: JSONValue) throws(LogCodecError) -> JSONValue {
    let length = word.utf8.count
    let start = index
    var matches = bytes.count - index >= length
    if matches {
      for (offset, byte) in word.utf8.enumerated() where bytes[start + offset] != byte {
        matches = false
        break
      }
    }
    guard matches else {
      throw .invalidJSON("invalid literal, expected '\(word)'", at: start)
    }
    index += length
    return value
  }

  private mutating func parseNumber(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    let start = index
    while index < bytes.count, JSONNumber.isLiteralByte(bytes[index]) {
      index += 1
    }
    let literal = bytes.extracting(start..<index)
    guard let value = JSONNumber.classify(literal) else {
      throw .invalidJSON("invalid number '\(String(checkedUTF8: literal))'", at: start)
    }
    return value
  }

  // MARK: Containers

  private mutating func enter() throws(LogCodecError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw .invalidJSON("nesting deeper than \(Self.maximumDepth) levels", at: index)
    }
  }

  private mutating func parseArray(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    try enter()
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace(bytes)
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    // NB: Reserved only once an element comes: an empty array allocates nothing, so that
    //     `[[],[],…]` costs its slots alone (JSONParseBudget prices it so).
    elements.reserveCapacity(4)
    while true {
      elements.append(try parseValue(bytes))
      skipWhitespace(bytes)
      guard index < bytes.count else {
        throw .invalidJSON("unexpected end of input, expected ',' or ']'", at: index)
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace(bytes)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {  // [1,] as JSONDecoder allows
          index += 1
          depth -= 1
          return .array(elements)
        }
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default:
        throw .invalidJSON("unexpected \(describeByte(bytes)), expected ',' or ']' after an array element", at: index)
      }
    }
  }

  private mutating func parseObject(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    try enter()
    index += 1  // {
    var members: [JSONObject.Member] = []
    skipWhitespace(bytes)
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(JSONObject(members))
    }
    members.reserveCapacity(4)  // once a member comes, as for arrays
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        if index == bytes.count {
          throw .invalidJSON("unexpected end of input, expected an object key", at: index)
        }
        throw .invalidJSON("unexpected \(describeByte(bytes)), expected a quoted object key", at: index)
      }
      let key = try parseString(bytes)
      skipWhitespace(bytes)
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        if index == bytes.count {
          throw .invalidJSON("unexpected end of input, expected ':'", at: index)
        }
        throw .invalidJSON("unexpected \(describeByte(bytes)), expected ':' after an object key", at: index)
      }
      index += 1
      skipWhitespace(bytes)
      members.append(JSONObject.Member(key: key, value: try parseValue(bytes)))
      skipWhitespace(bytes)
      guard index < bytes.count else {
        throw .invalidJSON("unexpected end of input, expected ',' or '}'", at: index)
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipWhitespace(bytes)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {  // {"a":1,} as JSONDecoder allows
          index += 1
          depth -= 1
          return .object(JSONObject(members))
        }
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(JSONObject(members))
      default:
        throw .invalidJSON("unexpected \(describeByte(bytes)), expected ',' or '}' after an object member", at: index)
      }
    }
  }

  // MARK: Strings

  /// Parses a string starting at its opening quote.
  private mutating func parseString(_ bytes: Span<UInt8>) throws(LogCodecError) -> String {
    index += 1  // "
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let string = String(checkedUTF8: bytes.extracting(start..<index))
        index += 1
        return string
      } else if byte == UInt8(ascii: "\\") {
        return try parseEscapedString(bytes, from: start)
      } else if byte < 0x20 {
        throw .invalidJSON("unescaped control character U+\(Self.hex4(UInt16(byte))) in a string", at: index)
      } else if byte >= 0x80 {
        try skipUTF8Sequence(bytes)
      } else {
        index += 1
      }
    }
    throw .invalidJSON("unexpected end of input inside a string", at: index)
  }

  /// The slow path for strings with escapes: unescapes into `scratch`.
  private mutating func parseEscapedString(_ bytes: Span<UInt8>, from start: Int) throws(LogCodecError) -> String {
    scratch.removeAll(keepingCapacity: true)
    for offset in start..<index { scratch.append(bytes[offset]) }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        try parseEscape(bytes)
      } else if byte < 0x20 {
        throw .invalidJSON("unescaped control character U+\(Self.hex4(UInt16(byte))) in a string", at: index)
      } else if byte >= 0x80 {
        let sequenceStart = index
        try skipUTF8Sequence(bytes)
        for offset in sequenceStart..<index { scratch.append(bytes[offset]) }
      } else {
        scratch.append(byte)
        index += 1
      }
    }
    throw .invalidJSON("unexpected end of input inside a string", at: index)
  }

  private mutating func parseEscape(_ bytes: Span<UInt8>) throws(LogCodecError) {
    let escapeStart = index
    index += 1  // backslash
    guard index < bytes.count else {
      throw .invalidJSON("unexpected end of input inside a string escape", at: index)
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4(bytes)
      var scalar = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw .invalidJSON("unpaired high surrogate \\u\(Self.hex4(unit)) in a string", at: escapeStart)
        }
        index += 2
        let low = try parseHex4(bytes)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw .invalidJSON("high surrogate \\u\(Self.hex4(unit)) not followed by a low surrogate", at: escapeStart)
        }
        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw .invalidJSON("unpaired low surrogate \\u\(Self.hex4(unit)) in a string", at: escapeStart)
      }
      // Every value left is a valid scalar: surrogates were handled above.
      guard let valid = Unicode.Scalar(scalar) else {
        throw .invalidJSON("\\u escape of no Unicode scalar in a string", at: escapeStart)
      }
      scratch.append(contentsOf: String(valid).utf8)
    default:
      throw .invalidJSON("invalid escape '\\\(Self.printable(byte))' in a string", at: escapeStart)
    }
  }

  private mutating func parseHex4(_ bytes: Span<UInt8>) throws(LogCodecError) -> UInt16 {
    guard bytes.count - index >= 4 else {
      throw .invalidJSON("unexpected end of input inside a \\u escape", at: index)
    }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw .invalidJSON("invalid hex digit \(describeByte(bytes)) in a \\u escape", at: index)
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// Checks the multi-byte UTF-8 sequence at `index` and moves past it.
  private mutating func skipUTF8Sequence(_ bytes: Span<UInt8>) throws(LogCodecError) {
    let length = UTF8Validation.sequenceLength(bytes, at: index)
    guard length > 0 else {
      throw .invalidJSON("invalid UTF-8", at: index)
    }
    index += length
  }

  // MARK: Helpers

  @inline(__always)
  private mutating func skipWhitespace(_ bytes: Span<UInt8>) {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return
      }
    }
  }

  private func describeByte(_ bytes: Span<UInt8>) -> String {
    guard index < bytes.count else { return "end of input" }
    return "character '\(Self.printable(bytes[index]))'"
  }

  private static func printable(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
    return "\\x" + String(byte, radix: 16, uppercase: true)
  }

  private static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
