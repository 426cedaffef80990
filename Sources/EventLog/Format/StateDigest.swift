package import JSONCodec
import StoreCore
/// The digest a checkpoint line carries: FNV-1a 64-bit over the canonical JSON of the redacted
/// state.
///
/// Canonical JSON is the codec's compact JSON (``LogJSONEncoder``) with the members of every
/// object sorted by key, byte-wise on the UTF-8, at every depth. Sorting makes the digest
/// independent of the order the state's `encode(to:)` happens to write its keys in, so a reader
/// in another language can compute it from the parsed JSON alone.
///
/// Sets, and dictionaries whose keys are neither `String` nor `Int` (which `Codable` writes as
/// arrays), are written in hash order, which changes from process to process. A state holding them does not
/// digest the same way twice; hold arrays or `IdentifiedArray`s instead.
package enum StateDigest {
  /// The digest of `state` as the log records it: redacted first.
  package static func digest<State: Encodable>(of state: State) throws -> UInt64 {
    fnv1a64(try canonicalJSON(of: state))
  }

  /// The canonical JSON of `Redaction.apply(state)`: what a snapshot line holds and what its
  /// digest is computed over.
  package static func canonicalJSON<State: Encodable>(of state: State) throws -> [UInt8] {
    try LogJSONEncoder().serialize(canonicalTree(of: state))
  }

  /// The tree of `Redaction.apply(state)` with every object's members sorted: what
  /// ``canonicalJSON(of:)`` serializes, for callers that also need its top-level members.
  package static func canonicalTree<State: Encodable>(of state: State) throws -> JSONValue {
    try LogJSONEncoder().encodeValue(Redaction.apply(state)).canonicalized
  }

  /// The digest of a state already parsed from a log (a snapshot, the header's initial state).
  package static func digest(ofParsed value: JSONValue) throws -> UInt64 {
    fnv1a64(try LogJSONEncoder().serialize(value.canonicalized))
  }

  /// FNV-1a, 64-bit: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
  package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// 16 lowercase hex digits, as a checkpoint line writes the digest.
  package static func hex(_ digest: UInt64) -> String {
    let digits = String(digest, radix: 16)
    return String(repeating: "0", count: 16 - digits.utf8.count) + digits
  }

  /// The digest written as 16 lowercase hex digits, or `nil` for anything else.
  package static func parseHex(_ text: String) -> UInt64? {
    guard text.utf8.count == 16,
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    return UInt64(text, radix: 16)
  }
}

extension JSONValue {
  /// The same value with every object's members sorted by key (byte-wise UTF-8 order).
  package var canonicalized: JSONValue {
    switch self {
    case .array(let elements):
      return .array(elements.map(\.canonicalized))
    case .object(let object):
      var members = object.members.map { JSONObject.Member(key: $0.key, value: $0.value.canonicalized) }
      // Stable, so duplicate keys (which no encoder writes) keep their order.
      members = members.enumerated().sorted { lhs, rhs in
        if lhs.element.key == rhs.element.key { return lhs.offset < rhs.offset }
        return lhs.element.key.utf8.lexicographicallyPrecedes(rhs.element.key.utf8)
      }.map(\.element)
      return .object(JSONObject(members))
    default:
      return self
    }
  }
}
