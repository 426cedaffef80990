/// When the writer fsyncs and when it must wake, as a pure state machine (times are seconds on
/// any clock): the ``FsyncPolicy`` without the threads.
///
/// ``FsyncPolicy/batched`` keeps at most ``maxAge`` seconds or ``maxBytes`` bytes at risk. The
/// writer wakes every ``tick`` while anything is pending, so it syncs once the oldest unsynced
/// action is `maxAge - tick` old: an action waits at most a tick in memory, and at most
/// `maxAge` in all before its fsync starts.
struct SyncSchedule: Equatable {
  static let maxBytes = 64 * 1024
  static let maxAge = 0.100
  static let tick = 0.010

  let policy: FsyncPolicy
  /// Bytes written and not yet synced.
  private(set) var unsyncedBytes = 0
  /// When the oldest unsynced action was committed.
  private(set) var oldestUnsynced: Double?
  /// The highest seq written.
  private(set) var writtenSeq: UInt64 = 0
  /// The highest seq known to be durable (for `.never`: written).
  private(set) var durableSeq: UInt64 = 0

  init(policy: FsyncPolicy, startSeq: UInt64 = 0) {
    self.policy = policy
    writtenSeq = startSeq
    durableSeq = startSeq
  }

  /// Records a write of `bytes` holding actions through `seq`, the oldest committed at
  /// `oldestCommit`.
  mutating func wrote(bytes: Int, throughSeq seq: UInt64, oldestCommit: Double?) {
    guard bytes > 0 else { return }
    writtenSeq = max(writtenSeq, seq)
    if policy == .never {
      durableSeq = writtenSeq
      return
    }
    unsyncedBytes += bytes
    if oldestUnsynced == nil { oldestUnsynced = oldestCommit }
  }

  /// Whether to fsync now.
  func shouldSync(now: Double) -> Bool {
    switch policy {
    case .never:
      return false
    case .always:
      return unsyncedBytes > 0
    case .batched:
      guard unsyncedBytes > 0 else { return false }
      if unsyncedBytes >= Self.maxBytes { return true }
      guard let oldest = oldestUnsynced else { return false }
      return now - oldest >= Self.maxAge - Self.tick
    }
  }

  /// Records a successful fsync.
  mutating func synced() {
    unsyncedBytes = 0
    oldestUnsynced = nil
    durableSeq = writtenSeq
  }

  /// Whether the writer may sleep until it is signalled: nothing waits for an fsync.
  var isIdle: Bool { unsyncedBytes == 0 }
}
