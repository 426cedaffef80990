import Effects

/// A recorder's action encoder: the redacted action's JSON, as ``LogJSONEncoder`` writes it,
/// kept for the last few actions of a plain-data type so that an action that repeats (a tap, a
/// toggle, a step) is not encoded again.
///
/// An action type is plain data when it holds no reference (`_isPOD`): an enum or struct of
/// numbers, booleans and other such values, no `String`, no array. Its bytes are then the whole
/// value, so two actions with the same bytes are the same action and encode to the same JSON.
/// Two equal actions whose bytes differ (a padding byte, an unused payload byte) only miss. A
/// type that holds references, or is larger than ``maxKeyBytes``, is encoded every time.
///
/// This relies on what `DecodedActionCache` relies on when reading: an action's `encode(to:)`
/// and `redacted()` depend on the action alone.
///
/// The writer thread owns it: a class so that the writer can use it while appending to its
/// own buffer.
final class RecentActionJSON<Action: Encodable> {
  /// The largest plain-data action kept, in bytes.
  static var maxKeyBytes: Int { 64 }
  /// How many actions are kept: a direct-mapped table, the slot picked by a hash of the bytes.
  static var slots: Int { 16 }

  private let encoder: LogJSONEncoder
  private let keyBytes: Int
  /// Whether actions are kept at all (plain data, at most ``maxKeyBytes``).
  let isKeeping: Bool
  /// Whether the action goes through `Redaction.apply` (a dynamic cast per action) before it
  /// is encoded: always, unless the type is plain data and not `Redactable` (plain data has no
  /// subclass that could conform where the type does not).
  private let mayBeRedactable: Bool
  /// `slots` keys of `keyBytes` bytes each, and each slot's JSON; an empty JSON is an empty slot.
  private var keys: [UInt8]
  private var json: [[UInt8]]
  /// Actions written from a kept JSON, for tests.
  private(set) var hits = 0

  init(encoder: LogJSONEncoder) {
    self.encoder = encoder
    self.keyBytes = MemoryLayout<Action>.size
    let isPlainData = _isPOD(Action.self)
    self.isKeeping = isPlainData && MemoryLayout<Action>.size <= Self.maxKeyBytes
    self.mayBeRedactable = !isPlainData || Action.self is any Redactable.Type
    self.keys = Array(repeating: 0, count: isKeeping ? keyBytes * Self.slots : 0)
    self.json = Array(repeating: [], count: isKeeping ? Self.slots : 0)
  }

  /// Appends the JSON of `action`, redacted, to `buffer`; appends nothing when it throws.
  func append(_ action: Action, to buffer: inout [UInt8]) throws {
    guard isKeeping else { return try encode(action, into: &buffer) }
    // NB: a plain-data value's bytes are its identity; `withUnsafeBytes(of:)` is the only way to
    //     read them, and they are only read, inside the call.
    try withUnsafeBytes(of: action) { bytes in
      let slot = Self.slot(of: bytes)
      let key = slot * keyBytes..<(slot + 1) * keyBytes
      if !json[slot].isEmpty, keys[key].elementsEqual(bytes) {
        hits += 1
        buffer.append(contentsOf: json[slot])
        return
      }
      let start = buffer.count
      try encode(action, into: &buffer)
      json[slot] = Array(buffer[start...])
      keys.replaceSubrange(key, with: bytes)
    }
  }

  private func encode(_ action: Action, into buffer: inout [UInt8]) throws {
    try encoder.encode(mayBeRedactable ? Redaction.apply(action) : action, into: &buffer)
  }

  /// FNV-1a over the action's bytes, folded to a slot.
  private static func slot(of bytes: UnsafeRawBufferPointer) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int(truncatingIfNeeded: (hash ^ (hash >> 32)) & UInt64(slots - 1))
  }
}
