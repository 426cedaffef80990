/// A line of a log that a reader stops at, as ``LogIntegrityScan`` notes it before going on.
///
/// ```
/// line 1043 (seq 1042): checksum: checksum mismatch: the line says 3a1f09c2, its bytes give 77d0e511
/// line 1044 (after seq 1041): framing: malformed line: it does not end with a "crc" member (…)
/// ```
public struct LogDamage: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable, Comparable {
    /// The line's checksum does not match its bytes.
    case checksum
    /// The line is not framed as a record: no checksum member, longer than a reader takes, or
    /// JSON that is neither an event nor a checkpoint.
    case framing
    /// The checksum matches, but the line is not valid JSON, or not the event or checkpoint it
    /// starts as (a member missing or of the wrong type).
    case json
    /// The event's seq is not the one after the previous event's: a gap, a repeat, or a step back.
    case seq
    /// A checkpoint out of place, a second one for a seq, or one that must follow an event and
    /// does not (it is noted at the next event).
    case checkpoint

    public static func < (lhs: Self, rhs: Self) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// The 1-based line number.
  public var line: Int
  public var kind: Kind
  /// What is wrong, in a few words (as long as a reader's error says, and never much longer:
  /// a crafted line cannot make it large).
  public var reason: String
  /// The seq the line holds, when it can be read. A line whose checksum fails says a seq its
  /// bytes may not hold any more.
  public var seq: UInt64?
  /// The seq of the last readable event before the line (0 when none).
  public var afterSeq: UInt64

  public init(line: Int, kind: Kind, reason: String, seq: UInt64?, afterSeq: UInt64) {
    self.line = line
    self.kind = kind
    self.reason = Self.shortened(reason)
    self.seq = seq
    self.afterSeq = afterSeq
  }

  /// The longest reason kept, in Unicode scalars: a line can put any text in a reason (the
  /// name of an unknown member), and a report keeps many.
  static var maxReasonScalars: Int { 240 }

  private static func shortened(_ reason: String) -> String {
    guard reason.unicodeScalars.count > maxReasonScalars else { return reason }
    var short = String.UnicodeScalarView(reason.unicodeScalars.prefix(maxReasonScalars - 1))
    short.append("…")
    return String(short)
  }
}

extension LogDamage: CustomStringConvertible {
  public var description: String {
    let place = seq.map { "seq \($0)" } ?? (afterSeq > 0 ? "after seq \(afterSeq)" : "before any event")
    return "line \(line) (\(place)): \(kind.rawValue): \(reason)"
  }
}
