import Foundation

/// How much memory the tree of one parsed JSON text may take, and the single pass over its
/// bytes that estimates it before any tree is built.
///
/// A tree costs far more than its text: every value has a 24-byte slot in its array (40 in an
/// object), every non-empty container a buffer of its own, and json-c gives an object a hash
/// table of about 800 bytes. A log line comes from anywhere (`refold collect` takes uploads),
/// so 3 MB of `[{},{},…]` would become hundreds of megabytes. The scan counts what the Swift
/// parser would build and prices each piece at the most it costs (``Census/estimatedBytes``);
/// a text priced above the limit is refused with ``LogCodecError/Kind/tooLarge`` and is never
/// parsed. json-c parses only short texts (`JSONC.maximumInputBytes`), so that its tree,
/// dearer than the estimate, stays small whatever the text.
///
/// The limit is `LogJSONDecoder.maxParsedBytes`: 64 MiB unless `REFOLD_MAX_PARSED_BYTES`
/// says otherwise.
package enum JSONParseBudget {
  /// The limit when the environment does not set one: far above the tree of any line Refold
  /// writes (a snapshot's state of 5 MB of objects of short members is priced at about 50 MiB;
  /// 3 MB of `[{},{},…]` at 72 MiB).
  package static let defaultLimit = 64 << 20

  /// The environment variable that sets the limit, in bytes (`268435456`) or with a binary
  /// suffix (`256M`, `1G`).
  package static let environmentVariable = "REFOLD_MAX_PARSED_BYTES"

  /// No byte of a text is priced above this (a `{` that opens an object: its slot and its
  /// buffer), so a text no longer than `limit / mostBytesPerByte` is within the limit unscanned.
  package static let mostBytesPerByte = Census.valueBytes + Census.objectBytes

  /// The limit `REFOLD_MAX_PARSED_BYTES` gives, ``defaultLimit`` when it is not set, or `nil`
  /// when its value is not a positive size (the host refuses to start then; see
  /// ``parseLimit(_:)``).
  package static var limitFromEnvironment: Int? {
    guard let text = ProcessInfo.processInfo.environment[environmentVariable] else { return defaultLimit }
    return parseLimit(text)
  }

  /// A size in bytes: digits, optionally followed by `K`, `M` or `G` (powers of 1,024).
  /// `nil` for anything else, zero, or more than `Int` holds.
  package static func parseLimit(_ text: String) -> Int? {
    var digits = Substring(text)
    var shift = 0
    switch digits.last {
    case "K", "k": shift = 10
    case "M", "m": shift = 20
    case "G", "g": shift = 30
    default: break
    }
    if shift > 0 { digits = digits.dropLast() }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0,
      value <= Int.max >> shift
    else { return nil }
    return value << shift
  }

  /// Throws ``LogCodecError/Kind/tooLarge`` when the tree of `bytes` would take more than
  /// `limit` bytes by the estimate.
  package static func check(_ bytes: Span<UInt8>, limit: Int) throws(LogCodecError) {
    guard bytes.count > limit / mostBytesPerByte else { return }
    let census = Census(bytes)
    guard census.estimatedBytes > limit else { return }
    throw LogCodecError(
      kind: .tooLarge,
      message: "its \(bytes.count) bytes would take about \(Self.megabytes(census.estimatedBytes)) parsed "
        + "(\(census.summary)), more than the \(Self.megabytes(limit)) allowed; "
        + "\(environmentVariable)=BYTES raises the limit")
  }

  package static func megabytes(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\((bytes + (1 << 19)) >> 20) MiB" : "\(bytes) bytes"
  }

  /// What the parser would build from a text, counted without building it.
  ///
  /// It reads the text as JSON without checking it: the parser checks it. For a text that is
  /// not JSON it still counts the containers, strings and numbers it holds, so an invalid text
  /// is priced as what the parser would build before it found the error.
  package struct Census: Equatable {
    /// Values of every kind, the members' values included (not their keys).
    var values = 0
    /// Object members: a key and a value.
    var members = 0
    /// Objects and arrays with something in them (an empty one allocates nothing).
    var objects = 0
    var arrays = 0
    /// Strings (keys too) and number literals longer than 15 bytes, which Swift keeps on the
    /// heap, and their bytes.
    var longTexts = 0
    var longTextBytes = 0

    // NB: The prices are what the Swift parser's tree holds at most (JSONValue is 24 bytes a
    //     slot, a member 40): a slot counts three times, because an array that grows by
    //     doubling keeps up to twice its elements' room, and holds its old buffer too while it
    //     moves to the new one; a non-empty container has its buffer's 32-byte header, malloc's
    //     16 and the room for 4 elements the parser reserves; a long text its bytes and a
    //     32-byte header and malloc's 16 (a text's escapes only shorten it).
    static let valueBytes = 3 * 24
    static let memberBytes = 3 * 40 - valueBytes
    static let objectBytes = 48 + 4 * 40
    static let arrayBytes = 48 + 4 * 24
    static let longTextOverhead = 48

    package var estimatedBytes: Int {
      values * Self.valueBytes + members * Self.memberBytes + objects * Self.objectBytes + arrays * Self.arrayBytes
        + longTexts * Self.longTextOverhead + longTextBytes
    }

    var summary: String {
      "\(values) values, \(objects) objects and \(arrays) arrays with members or elements"
    }

    package init(_ bytes: Span<UInt8>) {
      let end = bytes.count
      var index = 0
      var strings = 0
      while index < end {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          let start = index
          index += 1
          while index < end, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          strings += 1
          countText(min(index, end) - start - 1)
          index += 1
        case UInt8(ascii: ":"):
          members += 1
          index += 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
          values += 1
          if index + 1 < end, bytes[index + 1] == close {
            index += 2
            continue
          }
          if close == UInt8(ascii: "}") { objects += 1 } else { arrays += 1 }
          index += 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = index
          while index < end, JSONNumber.isLiteralByte(bytes[index]) { index += 1 }
          values += 1
          countText(index - start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
          // `true`, `false`, `null`: one value, whatever letters follow.
          values += 1
          index += 1
          while index < end, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
        default:
          index += 1
        }
      }
      // Each member's key is a string that is not a value.
      values += max(strings - members, 0)
    }

    private mutating func countText(_ length: Int) {
      guard length > 15 else { return }
      longTexts += 1
      longTextBytes += length
    }
  }
}

extension JSONParseBudget {
  /// What `value`'s tree holds on the heap, counted as ``Census`` prices it (a buffer by its
  /// capacity, with its header; a text longer than 15 bytes with its own), without the slot
  /// the value itself fills. The estimate of a text is never below this for its tree: the fuzz
  /// target and the tests hold it to that.
  package static func heldBytes(of value: JSONValue) -> Int {
    func text(_ text: String) -> Int {
      let count = text.utf8.count
      return count > 15 ? Census.longTextOverhead + count : 0
    }
    switch value {
    case .null, .bool, .int, .uint, .double:
      return 0
    case .number(let literal):
      return text(literal)
    case .string(let string):
      return text(string)
    case .array(let elements):
      let buffer = elements.capacity > 0 ? 48 + elements.capacity * 24 : 0
      return elements.reduce(buffer) { $0 + heldBytes(of: $1) }
    case .object(let object):
      let buffer = object.members.capacity > 0 ? 48 + object.members.capacity * 40 : 0
      return object.members.reduce(buffer) { $0 + text($1.key) + heldBytes(of: $1.value) }
    }
  }
}
