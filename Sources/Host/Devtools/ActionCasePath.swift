/// The dotted case path of a logged action, read from its JSON's bytes:
/// `amountInput.textChanged` for `{"amountInput":{"_0":{"textChanged":{"_0":"12a"}}}}`.
///
/// A child feature's action is the single unlabelled payload (`_0`) of its parent's case, or the
/// `action` of an element of a collection, so the path goes down through those when they hold one
/// case, as `refold features` draws its tree, and stops at anything else: other labelled payloads
/// (`{"response":{"query":…,"results":…}}` is `response`) and plain values. It reads the bytes
/// without building a tree, and ``fingerprint(_:)`` without allocating: an index reads the case
/// of every event of a large log, and builds the path's text once per case.
enum ActionCasePath {
  static func of(_ json: UnsafeRawBufferPointer) -> String {
    var parts: [String] = []
    walk(json) { parts.append(String(decoding: UnsafeRawBufferPointer(rebasing: json[$0]), as: UTF8.self)) }
    return parts.isEmpty ? "?" : parts.joined(separator: ".")
  }

  static func of(_ json: String) -> String {
    Array(json.utf8).withUnsafeBytes { of($0) }
  }

  /// A 64-bit hash (FNV-1a) of the path's names: equal paths give equal fingerprints, and two
  /// paths of one log giving the same one is as likely as a 64-bit collision.
  static func fingerprint(_ json: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    walk(json) { name in
      for byte in json[name] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      hash = (hash ^ UInt64(UInt8(ascii: "."))) &* 0x100_0000_01b3
    }
    return hash
  }

  /// Whether `path` is `filter` or lies below it: `search` matches `search` and
  /// `search.response`, not `searchText`.
  static func matches(_ path: String, filter: String) -> Bool {
    path == filter || (path.hasPrefix(filter) && path.dropFirst(filter.count).first == ".")
  }

  /// Calls `visit` with the bytes of each name of the path, outermost first.
  private static func walk(_ json: UnsafeRawBufferPointer, _ visit: (Range<Int>) -> Void) {
    var scanner = Scanner(bytes: json)
    for _ in 0..<16 {
      scanner.skipSpace()
      if scanner.peek == UInt8(ascii: "\"") {
        // A case without payload, as a string enum encodes it.
        if let name = scanner.string() { visit(name) }
        return
      }
      guard let (key, payloadStart) = scanner.singleMemberObject() else { return }
      visit(key)
      var payload = Scanner(bytes: json, at: payloadStart)
      guard let child = payload.childAction() else { return }
      scanner = Scanner(bytes: json, at: child)
    }
  }

  /// Just enough of a JSON reader to walk keys and skip values, on bytes that may be damaged:
  /// every read stops at the end and says so rather than trapping. Strings are byte ranges.
  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer, at index: Int = 0) {
      self.bytes = bytes
      self.index = index
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard peek == byte else { return false }
      index += 1
      return true
    }

    /// The bytes of a string, escapes kept as written (case names and keys have none).
    mutating func string() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while let byte = peek, byte != UInt8(ascii: "\"") { index += byte == UInt8(ascii: "\\") ? 2 : 1 }
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return start..<index
    }

    func text(_ range: Range<Int>, is literal: StaticString) -> Bool {
      guard range.count == literal.utf8CodeUnitCount else { return false }
      let start = literal.utf8Start
      for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
      return true
    }

    /// Moves past one value of any kind.
    mutating func skipValue() -> Bool {
      skipSpace()
      guard let byte = peek else { return false }
      switch byte {
      case UInt8(ascii: "\""):
        return string() != nil
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while let next = peek {
          switch next {
          case UInt8(ascii: "\""):
            guard string() != nil else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
          default: break
          }
          index += 1
          if depth == 0 { return true }
        }
        return false
      default:
        while let next = peek, next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]") { index += 1 }
        return true
      }
    }

    /// The key of an object with exactly one member, and where its value starts.
    mutating func singleMemberObject() -> (Range<Int>, Int)? {
      guard take(UInt8(ascii: "{")), let key = string(), take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      let value = index
      guard skipValue(), take(UInt8(ascii: "}")) else { return nil }
      return (key, value)
    }

    /// Where the child action in the case's payload here starts: its single unlabelled value,
    /// or the `action` of a collection's element, when that is itself a case (an object of one
    /// member). Nil for any other payload.
    mutating func childAction() -> Int? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var members = 0
      var unlabelled: Int?
      var action: Int?
      if !take(UInt8(ascii: "}")) {
        while members < 8 {
          guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
          skipSpace()
          members += 1
          if text(key, is: "_0") { unlabelled = index }
          if text(key, is: "action") { action = index }
          guard skipValue() else { return nil }
          if take(UInt8(ascii: "}")) { break }
          guard take(UInt8(ascii: ",")) else { return nil }
        }
      }
      let candidate = members == 1 && unlabelled != nil ? unlabelled : action
      guard let candidate else { return nil }
      var inner = Scanner(bytes: bytes, at: candidate)
      guard inner.singleMemberObject() != nil else { return nil }
      return candidate
    }
  }
}
