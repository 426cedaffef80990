#if canImport(CJSONC)
import CJSONC
package import JSONCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parsing with json-c, checked so that the result is exactly what `JSONParser` (and so
/// `JSONDecoder`) would give.
///
/// json-c 0.16 in strict mode still differs from `JSONDecoder` in ways measured on this
/// machine: it accepts `00`, `-00`, `2.`, `0.e1`, `-.5`, `NaN` and `Infinity`, raw control
/// characters in strings, and lone `\u` surrogates (as U+FFFD); it keeps the last of duplicate
/// keys, drops the sign of `-0`, cuts keys at an escaped NUL, clamps integers beyond 64 bits
/// (to `Int64.min` or `UInt64.max`, indistinguishable from the real values afterwards),
/// and checks UTF-8 only loosely. So a quick scan in Swift runs first, and anything json-c
/// would get wrong, or any error at all, goes to `JSONParser`, which decides. Well-formed log
/// lines never take that path.
///
/// Thread safety: json-c's reference counts are not atomic, so nothing json-c allocates leaves
/// the calling thread: each thread has its own tokener, and each `json_object` tree is freed
/// before `parse` returns.
package enum JSONC {
  /// The longest text json-c parses; the Swift parser takes longer ones.
  ///
  /// json-c's tree of a text can take about 280 times its bytes (an object is a hash table of
  /// some 800 bytes: `[{},{},…]`), and it is converted while it is alive, so this bounds what
  /// json-c holds at once to a few megabytes whatever the text. `JSONParseBudget` prices the
  /// Swift parser's tree, which costs far less. Lines of the log are much shorter than this; a
  /// large snapshot takes the Swift parser, which is no slower (docs/benchmarks.md, "The two JSON backends").
  static let maximumInputBytes = 16 << 10

  static func parse(_ bytes: Span<UInt8>) throws(LogCodecError) -> JSONValue {
    if bytes.count <= maximumInputBytes, let value = parseIfExact(bytes) { return value }
    return try JSONParser.parse(bytes)
  }

  /// json-c's tree for `bytes`, or `nil` when json-c cannot give exactly what `JSONParser`
  /// would (including every error). `package` for the fuzz target, which holds it to that.
  package static func parseIfExact(_ bytes: Span<UInt8>) -> JSONValue? {
    guard let scan = Scan(bytes), let length = Int32(exactly: scan.end - scan.start) else { return nil }
    let tokener = threadTokener()
    // json-c's C API takes a pointer: the only one the parse needs.
    let root = bytes.withUnsafeBytes { buffer in
      json_tokener_parse_ex(
        tokener, buffer.baseAddress!.advanced(by: scan.start).assumingMemoryBound(to: CChar.self), length)
    }
    defer { if root != nil { json_object_put(root) } }
    guard json_tokener_get_error(tokener) == json_tokener_success,
      json_tokener_get_parse_end(tokener) == Int(length)
    else {
      json_tokener_reset(tokener)  // required after an error, harmless otherwise
      return nil
    }
    var members = 0
    guard let value = convert(root, members: &members), members == scan.memberCount else { return nil }
    return value
  }

  // MARK: The tokener

  /// One tokener per thread, freed when the thread exits.
  private static let tokenerKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
      json_tokener_free(pointer.assumingMemoryBound(to: json_tokener.self))
      #else
      json_tokener_free(pointer?.assumingMemoryBound(to: json_tokener.self))
      #endif
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  private static func threadTokener() -> UnsafeMutablePointer<json_tokener> {
    if let existing = pthread_getspecific(tokenerKey) {
      return existing.assumingMemoryBound(to: json_tokener.self)
    }
    guard let tokener = json_tokener_new_ex(Int32(JSONParser.maximumDepth)) else {
      fatalError("json_tokener_new_ex: out of memory")
    }
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
    pthread_setspecific(tokenerKey, tokener)
    return tokener
  }

  // MARK: json_object → JSONValue

  /// The tree as a `JSONValue`, or `nil` where json-c lost information (clamped integers, or a
  /// number literal that is not JSON).
  private static func convert(_ object: OpaquePointer?, members: inout Int) -> JSONValue? {
    guard let object else { return .null }
    switch json_object_get_type(object) {
    case json_type_null:
      return .null
    case json_type_boolean:
      return .bool(json_object_get_boolean(object) != 0)
    case json_type_int:
      // The scan has ruled out literals json-c would clamp to Int64.min or UInt64.max.
      let int = json_object_get_int64(object)
      if int == .max {  // json-c keeps values above Int64.max as UInt64
        let uint = json_object_get_uint64(object)
        return uint > UInt64(Int64.max) ? .uint(uint) : .int(int)
      }
      return .int(int)
    case json_type_double:
      // json-c keeps the literal's text; classify it ourselves, as the Swift parser would.
      guard let text = json_object_get_userdata(object) else { return nil }  // NaN, Infinity
      let literal = UnsafeRawBufferPointer(start: text, count: strlen(text)).assumingMemoryBound(to: UInt8.self)
      return JSONNumber.classify(literal.span)
    case json_type_string:
      let count = Int(json_object_get_string_len(object))
      return .string(
        String(decoding: UnsafeRawBufferPointer(start: json_object_get_string(object), count: count), as: UTF8.self))
    case json_type_array:
      let count = json_object_array_length(object)
      var elements: [JSONValue] = []
      elements.reserveCapacity(count)
      for index in 0..<count {
        guard let element = convert(json_object_array_get_idx(object, index), members: &members) else { return nil }
        elements.append(element)
      }
      return .array(elements)
    case json_type_object:
      var result: [JSONObject.Member] = []
      result.reserveCapacity(Int(json_object_object_length(object)))
      var entry = lh_table_head(json_object_get_object(object))
      while let current = entry {
        guard let key = lh_entry_k(current),
          let value = convert(OpaquePointer(lh_entry_v(current)), members: &members)
        else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self)
        result.append(JSONObject.Member(key: name, value: value))
        entry = lh_entry_next(current)
      }
      members += result.count
      return .object(JSONObject(result))
    default:
      return nil
    }
  }
}

// MARK: - The scan

extension JSONC {
  /// A single pass over the input that finds whatever json-c would parse differently from
  /// `JSONDecoder`. `init` fails for such input; otherwise it gives the range to hand to json-c
  /// (without surrounding whitespace) and the number of object members, which must match the
  /// tree's (json-c merges duplicate keys).
  struct Scan {
    var start: Int
    var end: Int
    var memberCount = 0

    init?(_ bytes: Span<UInt8>) {
      start = 0
      end = bytes.count
      while start < end, Self.isWhitespace(bytes[start]) { start += 1 }
      while end > start, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
      guard start < end else { return nil }

      var hasNonASCII = false
      var index = start
      while index < end {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          // A string: no raw control bytes, no escaped NUL or surrogates.
          index += 1
          while true {
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
              guard index + 1 < end else { return nil }
              if bytes[index + 1] == UInt8(ascii: "u") {
                guard index + 5 < end, let unit = Self.hex4(bytes, at: index + 2),
                  unit != 0, !(0xD800...0xDFFF).contains(unit)
                else { return nil }
                index += 6
              } else {
                index += 2
              }
              continue
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { hasNonASCII = true }
            index += 1
          }
          index += 1
        } else if byte == UInt8(ascii: ":") {
          memberCount += 1
          index += 1
        } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
          // A number: json-c keeps no text for integers, so check them here ("00", "-0").
          let tokenStart = index
          var isInteger = true
          while index < end, let kind = Self.numberByte(bytes[index]) {
            if !kind { isInteger = false }
            index += 1
          }
          if isInteger, !Self.isPlainInteger(bytes, tokenStart..<index) { return nil }
        } else if byte >= 0x80 || (byte < 0x20 && !Self.isWhitespace(byte)) {
          return nil  // JSONParser reports it, or accepts a byte-order mark
        } else {
          index += 1
        }
      }
      if hasNonASCII,
        UTF8Validation.firstInvalidOffset(bytes.extracting(start..<end)) != nil
      {
        return nil
      }
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// `true` for a digit or sign, `false` for `.`, `e`, `E`, `nil` for anything else.
    @inline(__always)
    private static func numberByte(_ byte: UInt8) -> Bool? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): true
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): false
      default: nil
      }
    }

    /// `-?(0|[1-9][0-9]*)` within `Int64.min...UInt64.max`, and not `-0`: json-c drops the sign
    /// of `-0` and clamps integers beyond 64 bits without saying so.
    private static func isPlainInteger(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
      var index = range.lowerBound
      let negative = bytes[index] == UInt8(ascii: "-")
      if negative { index += 1 }
      guard index < range.upperBound else { return false }
      if bytes[index] == UInt8(ascii: "0") {
        return index + 1 == range.upperBound && !negative
      }
      let digitsStart = index
      while index < range.upperBound {
        guard bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return false }
        index += 1
      }
      let digits = range.upperBound - digitsStart
      let limit = negative ? Self.int64MinDigits : Self.uint64MaxDigits
      if digits != limit.count { return digits < limit.count }
      // Same length: compare digit by digit, as numbers.
      for offset in 0..<digits where bytes[digitsStart + offset] != limit[offset] {
        return bytes[digitsStart + offset] < limit[offset]
      }
      return true
    }

    private static let int64MinDigits = Array("9223372036854775808".utf8)
    private static let uint64MaxDigits = Array("18446744073709551615".utf8)

    private static func hex4(_ bytes: Span<UInt8>, at index: Int) -> UInt16? {
      var value: UInt16 = 0
      for offset in 0..<4 {
        let byte = bytes[index + offset]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt16(digit)
      }
      return value
    }
  }
}
#endif
