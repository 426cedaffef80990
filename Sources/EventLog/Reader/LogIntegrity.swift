/// What a scan past damage found in a log (``LogIntegrityScan``), in bounded memory: the first
/// damaged lines in detail, a count of every kind, and how much of the log comes before the
/// first damage, which is what replay can read.
///
/// ```swift
/// let scan = try LogIntegrityScan(file: url)
/// while try scan.next() != nil {}
/// if let first = scan.integrity.firstDamage {
///   print("replay stops at line \(first.line); \(scan.integrity.intactEvents) events before it")
/// }
/// ```
public struct LogIntegrity: Sendable, Equatable {
  /// How many damaged lines are kept in detail.
  public let maxDetailed: Int
  /// The first ``maxDetailed`` damaged lines, in file order.
  public private(set) var damage: [LogDamage] = []
  /// Damaged lines of each kind, all of them.
  public private(set) var counts: [LogDamage.Kind: Int] = [:]
  /// Damaged lines in all.
  public private(set) var damageCount = 0
  /// The events before the first damaged line (every event of an undamaged log).
  public private(set) var intactEvents = 0
  /// The seq of the last of them (0 when none).
  public private(set) var lastIntactSeq: UInt64 = 0
  /// The events whose lines read well, before and after damage.
  public private(set) var readableEvents = 0
  /// The seq of the last readable event (0 before the first).
  public private(set) var lastReadableSeq: UInt64 = 0

  public init(maxDetailed: Int = 20) {
    self.maxDetailed = max(maxDetailed, 1)
  }

  /// Whether no line is damaged (a torn last line is not damage: it is dropped with a warning).
  public var isIntact: Bool { damageCount == 0 }

  /// The line a reader, and so replay, stops at.
  public var firstDamage: LogDamage? { damage.first }

  /// The damaged lines not kept in detail.
  public var moreDamage: Int { damageCount - damage.count }

  /// The `until` at which replay folds the most of the log and stops before its first damage;
  /// `nil` for an undamaged log, or when fewer than two events come before the damage.
  ///
  /// It is one below ``lastIntactSeq``: replay stops once it has read the event after `until`
  /// (the checkpoint that may follow `until` is verified first), so that event must be intact
  /// too, and replay never reads the damaged line.
  public var replayUntil: UInt64? {
    guard !isIntact, lastIntactSeq >= 2 else { return nil }
    return lastIntactSeq - 1
  }

  mutating func note(_ damaged: LogDamage) {
    damageCount += 1
    counts[damaged.kind, default: 0] += 1
    if damage.count < maxDetailed { damage.append(damaged) }
  }

  /// An event whose line reads well (after any damage its line holds is noted).
  mutating func readable(_ seq: UInt64) {
    readableEvents += 1
    lastReadableSeq = seq
    if isIntact {
      intactEvents += 1
      lastIntactSeq = seq
    }
  }
}
