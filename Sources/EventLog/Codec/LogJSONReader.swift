import JSONCodec

/// Reads an action straight from its bytes in a log line (``LogDecodable``), or gives up
/// (`nil`), through a buffer its caller keeps for the actions it reads one after another
/// (``LogJSONReader/read(_:from:buffer:)``).
package typealias ActionBytesReader<Action> = @Sendable (Span<UInt8>, inout ContiguousArray<UInt8>) -> Action?

/// Reads a value's JSON as this package writes it, byte by byte, for ``LogDecodable``.
///
/// It reads the compact JSON of the log and gives up, throwing ``Miss``, on anything else:
/// whitespace, a backslash or a control character in a string, bytes that are not UTF-8, a
/// value of another kind than asked for. A miss is not an error: the caller decodes the same
/// bytes through `Decodable` instead, which says what, if anything, is wrong. What it does read
/// it converts as the decoder does: the same number rules (`1.0` is an `Int`, `1.5` is not) and
/// the same strings.
///
/// A reader is only valid inside the ``LogDecodable/read(from:)`` it is handed to.
public struct LogJSONReader {
  /// The reader gave up: decode the bytes through `Decodable` instead.
  public struct Miss: Error {
    public init() {}
  }

  // NB: An array, not a span or a pointer: the reader is handed `inout` to a conformance's
  //     `read(from:)`, which an escapable struct holding a span could not be without the
  //     experimental `Lifetimes` feature. The copy of an action's bytes costs nothing W5 can see
  //     (replay 1.01–1.03× against reading them in place, docs/unsafe-code.md). A
  //     `ContiguousArray`, whose span is there on every supported platform (`Array.span` needs
  //     macOS 26), so that a string's bytes are checked without a slice retaining the array.
  let bytes: ContiguousArray<UInt8>
  var index = 0
  /// Set by an object's `{`: its first member comes without a comma before it.
  private var atFirstMember = false

  init(_ bytes: ContiguousArray<UInt8>) {
    self.bytes = bytes
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { index == bytes.count }

  /// Reads `T` from `bytes` with its ``LogDecodable`` conformance: `nil` if it gave up or left
  /// bytes unread. For a conformance's tests: what it returns must equal `Decodable`'s value.
  public static func read<T: LogDecodable>(_ type: T.Type, from bytes: [UInt8]) -> T? {
    var reader = LogJSONReader(ContiguousArray(bytes))
    guard let value = try? T.read(from: &reader), reader.isAtEnd else { return nil }
    return value
  }

  /// ``read(_:from:)`` of bytes in a log reader's buffer, copied first into `buffer`, which the
  /// caller keeps from one action to the next.
  ///
  /// NB: The copy reuses `buffer`'s storage: once the reader is gone, the buffer is uniquely
  ///     referenced again, so only a longer action than any before allocates. A new array per
  ///     action cost one malloc more per decoded action (W5: 26,362 → 47,000 for 100,000 events)
  ///     than the copy it replaced (heaptrack of `refold replay`).
  static func read<T: LogDecodable>(
    _ type: T.Type, from bytes: Span<UInt8>, buffer: inout ContiguousArray<UInt8>
  ) -> T? {
    buffer.replaceContents(withBytesOf: bytes)
    var reader = LogJSONReader(buffer)
    guard let value = try? T.read(from: &reader), reader.isAtEnd else { return nil }
    return value
  }

  // MARK: Objects

  /// An enum case as `Codable` synthesizes it: `{"name":{`. Returns the name; read the
  /// associated values with ``nextKey()``, then call ``endCase()``.
  public mutating func caseName() throws(Miss) -> String {
    try expect(UInt8(ascii: "{"))
    let name = try quoted()
    try expect(UInt8(ascii: ":"))
    try beginObject()
    return name
  }

  /// The `}` that closes an enum case, after its associated values' object has ended.
  public mutating func endCase() throws(Miss) {
    try expect(UInt8(ascii: "}"))
  }

  /// The `{` of an object; read its members with ``nextKey()``.
  public mutating func beginObject() throws(Miss) {
    try expect(UInt8(ascii: "{"))
    atFirstMember = true
  }

  /// The next member's key of the object being read, with its `:`, or `nil` at the object's
  /// `}` (which it reads). Read the member's value before asking for the next key.
  public mutating func nextKey() throws(Miss) -> String? {
    let first = atFirstMember
    atFirstMember = false
    guard index < bytes.count else { throw Miss() }
    if bytes[index] == UInt8(ascii: "}") {
      index += 1
      return nil
    }
    if !first { try expect(UInt8(ascii: ",")) }
    let key = try quoted()
    try expect(UInt8(ascii: ":"))
    return key
  }

  // MARK: Values

  /// Reads `null` if it comes next: true if it did, false (nothing read) otherwise.
  public mutating func readNull() -> Bool {
    literal("null")
  }

  public mutating func bool() throws(Miss) -> Bool {
    if literal("true") { return true }
    if literal("false") { return false }
    throw Miss()
  }

  public mutating func string() throws(Miss) -> String {
    try quoted()
  }

  public mutating func int() throws(Miss) -> Int {
    try integer(Int.self)
  }

  /// An integer of any width, converted as the decoder converts it.
  public mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws(Miss) -> T {
    do {
      return try JSONNumber.integer(T.self, from: try number())
    } catch {
      throw Miss()
    }
  }

  public mutating func double() throws(Miss) -> Double {
    do {
      return try JSONNumber.floatingPoint(Double.self, from: try number())
    } catch {
      throw Miss()
    }
  }

  /// A value of any `Decodable` type: read by its own ``LogDecodable`` conformance if it has
  /// one, directly if it is a `String`, `Int`, `Bool` or `Double`, and otherwise decoded through
  /// `Decodable` from its bytes alone.
  public mutating func decode<T: Decodable>(_ type: T.Type) throws(Miss) -> T {
    if T.self == String.self { return try string() as! T }
    if T.self == Int.self { return try int() as! T }
    if T.self == Bool.self { return try bool() as! T }
    if T.self == Double.self { return try double() as! T }
    if let readable = T.self as? any LogDecodable.Type {
      return try read(readable) as! T
    }
    let value = try skipValue()
    do {
      return try LogJSONDecoder().decode(T.self, from: Array(bytes[value]))
    } catch {
      throw Miss()
    }
  }

  private mutating func read<T: LogDecodable>(_ type: T.Type) throws(Miss) -> T {
    try T.read(from: &self)
  }

  // MARK: Bytes

  private mutating func expect(_ byte: UInt8) throws(Miss) {
    guard index < bytes.count, bytes[index] == byte else { throw Miss() }
    index += 1
  }

  private mutating func literal(_ text: String) -> Bool {
    let count = text.utf8.count
    guard bytes.count - index >= count else { return false }
    for (offset, byte) in text.utf8.enumerated() where bytes[index + offset] != byte {
      return false
    }
    index += count
    return true
  }

  /// A string without escapes or control characters, in valid UTF-8.
  private mutating func quoted() throws(Miss) -> String {
    try expect(UInt8(ascii: "\""))
    let start = index
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Miss() }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    guard index < bytes.count else { throw Miss() }
    let end = index
    index += 1
    if ascii { return String(decoding: bytes[start..<end], as: UTF8.self) }
    // Strictly, as the parsers check it: `String(validating:)` would take what they reject.
    guard UTF8Validation.firstInvalidOffset(bytes.span.extracting(start..<end)) == nil else { throw Miss() }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A number literal, classified as both parsers classify it.
  private mutating func number() throws(Miss) -> JSONValue {
    let start = index
    while index < bytes.count, JSONNumber.isLiteralByte(bytes[index]) { index += 1 }
    guard let value = JSONNumber.classify(bytes.span.extracting(start..<index)) else { throw Miss() }
    return value
  }

  /// Skips one value of any kind without checking it (the decoder that gets its bytes does),
  /// and returns where it was.
  private mutating func skipValue() throws(Miss) -> Range<Int> {
    let start = index
    var depth = 0
    scanning: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { throw Miss() }
        index += 1
        if depth == 0 { break scanning }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { break scanning }
        depth -= 1
        index += 1
        if depth == 0 { break scanning }
      case UInt8(ascii: ","):
        if depth == 0 { break scanning }
        index += 1
      default:
        index += 1
      }
    }
    guard index > start, depth == 0 else { throw Miss() }
    return start..<index
  }
}
