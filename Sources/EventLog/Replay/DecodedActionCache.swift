/// The actions a replay worker decoded lately, by the exact bytes of their JSON, so that an
/// action written again (a button tapped twice, the same keystroke, a timer's tick) is neither
/// parsed nor decoded again.
///
/// Why: with `Codable` most of a replayed event's cost is decoding its action (on the benchmark
/// machine, about 60 % of a worker's time, most of it the runtime's generic metadata lookups
/// inside `KeyedDecodingContainer`), and real logs repeat actions. Identical bytes decode to
/// the same value (replay relies on decoding being deterministic anyway), and they passed the
/// same checks the first time.
///
/// Direct-mapped, 256 slots of actions up to 256 bytes, so it holds at most 64 KiB of keys. A
/// log whose actions rarely repeat turns it off after ``trialLookups`` lookups with fewer than
/// ``minimumHits`` hits, so that it costs such a log only those lookups. One per worker
/// thread; not thread safe.
final class DecodedActionCache<Action> {
  static var slotCount: Int { 256 }
  static var maxKeyBytes: Int { 256 }
  static var trialLookups: Int { 4096 }
  static var minimumHits: Int { trialLookups / 20 }

  /// Each slot's key; empty when the slot is empty (an action's JSON is never empty).
  private var keys: [ContiguousArray<UInt8>]
  /// Each slot's action; `nil` where `keys` is empty.
  private var values: [Action?]
  private(set) var lookups = 0
  private(set) var hits = 0
  private(set) var isEnabled = true

  init() {
    keys = Array(repeating: [], count: Self.slotCount)
    values = Array(repeating: nil, count: Self.slotCount)
  }

  /// The action decoded from `bytes`: the cached one, or `decode(bytes)`'s, cached.
  func action(for bytes: Span<UInt8>, decode: (Span<UInt8>) throws -> Action) rethrows -> Action {
    guard isEnabled, !bytes.isEmpty, bytes.count <= Self.maxKeyBytes else { return try decode(bytes) }
    lookups += 1
    if lookups == Self.trialLookups, hits < Self.minimumHits { isEnabled = false }
    let slot = Int(truncatingIfNeeded: Self.hash(bytes)) & (Self.slotCount - 1)
    let key = keys[slot]
    if key.holdsBytes(of: bytes), let cached = values[slot] {
      hits += 1
      return cached
    }
    let action = try decode(bytes)
    values[slot] = action
    keys[slot] = ContiguousArray(bytesOf: bytes)
    return action
  }

  /// FNV-1a, 64 bits.
  private static func hash(_ bytes: Span<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in bytes.indices {
      hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
    }
    return hash ^ (hash >> 29)
  }
}
