/// The dotted case path of a logged action, read from its JSON's bytes:
/// `amountInput.textChanged` for `{"amountInput":{"_0":{"textChanged":{"_0":"12a"}}}}`.
///
/// A child feature's action is the single unlabelled payload (`_0`) of its parent's case, or the
/// `action` of an element of a collection, so the path goes down through those when they hold one
/// case, as `refold features` draws its tree, and stops at anything else: other labelled payloads
/// (`{"response":{"query":…,"results":…}}` is `response`) and plain values. It reads the bytes
/// without building a tree: an index reads the case of every event of a large log.
enum ActionCasePath {
  static func of(_ json: UnsafeRawBufferPointer) -> String {
    var scanner = Scanner(bytes: json)
    var parts: [String] = []
    while parts.count < 16 {
      scanner.skipSpace()
      if scanner.peek == UInt8(ascii: "\"") {
        // A case without payload, as a string enum encodes it.
        guard let name = scanner.string() else { break }
        parts.append(name)
        break
      }
      guard let (key, payloadStart) = scanner.singleMemberObject() else { break }
      parts.append(key)
      var payload = Scanner(bytes: json, at: payloadStart)
      guard let child = payload.childAction() else { break }
      scanner = Scanner(bytes: json, at: child)
    }
    return parts.isEmpty ? "?" : parts.joined(separator: ".")
  }

  static func of(_ json: String) -> String {
    Array(json.utf8).withUnsafeBytes { of($0) }
  }

  /// Whether `path` is `filter` or lies below it: `search` matches `search` and
  /// `search.response`, not `searchText`.
  static func matches(_ path: String, filter: String) -> Bool {
    path == filter || (path.hasPrefix(filter) && path.dropFirst(filter.count).first == ".")
  }

  /// Just enough of a JSON reader to walk keys and skip values, on bytes that may be damaged:
  /// every read stops at the end and says so rather than trapping.
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

    /// A string's text, escapes kept as written (case names and keys have none).
    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while let byte = peek, byte != UInt8(ascii: "\"") { index += byte == UInt8(ascii: "\\") ? 2 : 1 }
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
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
    mutating func singleMemberObject() -> (String, Int)? {
      let members = objectMembers(limit: 2)
      guard let members, members.count == 1 else { return nil }
      return members[0]
    }

    /// The members of the object here (key, where its value starts), up to `limit` of them;
    /// nil if this is not an object or it is cut short.
    mutating func objectMembers(limit: Int) -> [(String, Int)]? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var members: [(String, Int)] = []
      if take(UInt8(ascii: "}")) { return members }
      while members.count < limit {
        guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        members.append((key, index))
        guard skipValue() else { return nil }
        if take(UInt8(ascii: "}")) { return members }
        guard take(UInt8(ascii: ",")) else { return nil }
      }
      return members
    }

    /// Where the child action in the case's payload here starts: its single unlabelled value,
    /// or the `action` of a collection's element, when that is itself a case (an object of one
    /// member). Nil for any other payload.
    mutating func childAction() -> Int? {
      guard let members = objectMembers(limit: 8) else { return nil }
      let candidate =
        members.count == 1 && members[0].0 == "_0" ? members[0].1 : members.first { $0.0 == "action" }?.1
      guard let candidate else { return nil }
      var inner = Scanner(bytes: bytes, at: candidate)
      guard inner.singleMemberObject() != nil else { return nil }
      return candidate
    }
  }
}
