/// What ``Replayer/replay(file:until:verify:feature:schema:progress:)`` found.
public struct ReplayResult<State> {
  /// The state after the last event folded (at `until`, or at the end).
  public var state: State
  /// How many events the result covers (those skipped by starting from a snapshot included).
  public var eventCount: Int
  /// The seq of the last event covered; 0 for a log with no events.
  public var lastSeq: UInt64
  /// What was tolerated, one line each, e.g. a torn last line that was dropped.
  public var warnings: [String]
  /// The log's header.
  public var header: LogHeader
  /// How many checkpoint digests were checked and matched.
  public var verifiedCheckpoints: Int
  /// The snapshot the replay started from, or `nil` when it started from the header. Its
  /// state was taken as recorded: only what came after it was folded and verified.
  public var startedFromSnapshot: UInt64?
  /// How many events the reducer folded: `eventCount` less those a snapshot skipped.
  public var foldedEvents: Int = 0
  /// The schema the log was recorded with, when it was older than the feature's and the
  /// feature's migrations upgraded it; nil for a log at the feature's schema.
  public var migratedFrom: Int? = nil
  /// Checkpoints that could not be compared: recorded before a migration that changed the
  /// state's encoding, and without the full state (``LogMigration``). Not in
  /// ``verifiedCheckpoints``.
  public var uncomparedCheckpoints: Int = 0
}

extension ReplayResult: Sendable where State: Sendable {}
extension ReplayResult: Equatable where State: Equatable {}

/// How far a replay has got, for a progress display.
public struct ReplayProgress: Sendable, Equatable {
  /// The seq of the last event read.
  public var seq: UInt64
  public var bytesRead: Int
  public var totalBytes: Int

  public init(seq: UInt64, bytesRead: Int, totalBytes: Int) {
    self.seq = seq
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
  }

  /// 0…1.
  public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1 }
}
