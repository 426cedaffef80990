/// When the ``Recorder`` asks the OS to put what it wrote on disk (`fsync`).
public enum FsyncPolicy: String, Sendable, CaseIterable, CustomStringConvertible {
  /// After every batch the writer writes. An action is durable soon after it is committed, and
  /// nothing ``Recorder/durableSeq`` has reported is lost in a crash. The slowest.
  case always
  /// At most about 100 ms or 64 KiB of actions are at risk: the writer fsyncs when the oldest
  /// unsynced action is that old, or that many bytes are unsynced. The default.
  case batched
  /// Never; the OS writes back when it likes. A crash of the machine (not of the process) can
  /// lose the last seconds.
  case never

  public var description: String { rawValue }
}

/// What ``Recorder/init(file:feature:initialState:options:)`` does when the file exists.
public enum ExistingFilePolicy: String, Sendable, CaseIterable {
  /// Throw. The default, so that a log is never overwritten by accident.
  case fail
  /// Truncate it and start a new log.
  case replace
  /// Continue it: cut a torn last line, check that the header is for the same feature, and go
  /// on from the last seq. The store must start from the state at that seq, which
  /// ``Replayer/replay(file:until:verify:feature:schema:progress:)`` gives.
  case append
}

/// How a ``Recorder`` writes: when it fsyncs, how often it checkpoints, what to do with an
/// existing file.
///
/// ```swift
/// let options = RecorderOptions(fsync: .always, checkpointInterval: 500)
/// ```
public struct RecorderOptions: Sendable {
  /// When the log is fsynced. Default ``FsyncPolicy/batched``.
  public var fsync: FsyncPolicy
  /// A checkpoint line (a digest of the state, and of each of its top-level fields, or the
  /// whole state when it is at most 1 KiB) follows every event whose seq is a multiple of this.
  /// Default 1,000.
  public var checkpointInterval: Int
  /// Checkpoints at multiples of this also carry the full state, so replay can start there.
  /// A multiple of ``checkpointInterval``; default 10 × ``checkpointInterval``.
  public var snapshotInterval: Int
  /// What to do when the file exists. Default ``ExistingFilePolicy/fail``.
  public var existingFile: ExistingFilePolicy
  /// The feature's own schema version, written to the header as `"schema"`. Default 1.
  public var schemaVersion: Int
  /// The most memory, in bytes, that commits waiting for the writer may take: their actions,
  /// and the states kept for checkpoints. Default 32 MiB.
  ///
  /// The writer measures what it writes (the bytes of each event line, and of each checkpointed
  /// state spread over its interval) and the store admits as many commits as fit. When they
  /// do not, the store's next commit waits until the writer has taken enough of them: a burst
  /// of large actions is written at the disk's pace instead of piling up in memory. Small
  /// actions never wait (at most 1,048,576 commits are pending, whatever their size). One
  /// action larger than the whole budget is still recorded, alone.
  public var maxPendingBytes: Int
  /// Called on the writer thread with the highest seq known to be on disk, after each fsync
  /// (after each write with ``FsyncPolicy/never``). A crash harness reports these as
  /// acknowledged. Keep it short.
  public var onDurable: (@Sendable (UInt64) -> Void)?
  /// Called once on the writer thread with the error that stopped recording, when it happens
  /// (``Recorder/didCommit(_:)`` and ``Recorder/close()`` throw it later). `nil`, the default,
  /// writes it as one line to stderr, so that a program that only checks `close()` at its end
  /// still hears of it at once. A host that reports errors itself passes its own.
  public var onFailure: (@Sendable (RecorderError) -> Void)?
  /// A test seam, not API: called instead of `fsync(2)` on the log (the header's included) with
  /// its descriptor, it returns 0 or the errno to fail with, as a failing disk would. `nil`, the
  /// default, calls `fsync`.
  @_spi(Testing) public var fsyncForTesting: (@Sendable (_ fd: Int32) -> Int32)?
  /// A test seam, not API: the longest line the recorder writes, in place of the 256 MiB a
  /// reader takes, so that a test of the refusal needs no 256 MiB action.
  @_spi(Testing) public var maxLineBytesForTesting: Int?

  public init(
    fsync: FsyncPolicy = .batched,
    checkpointInterval: Int = 1_000,
    snapshotInterval: Int? = nil,
    existingFile: ExistingFilePolicy = .fail,
    schemaVersion: Int = 1,
    maxPendingBytes: Int = 32 << 20,
    onDurable: (@Sendable (UInt64) -> Void)? = nil,
    onFailure: (@Sendable (RecorderError) -> Void)? = nil
  ) {
    self.fsync = fsync
    self.checkpointInterval = checkpointInterval
    self.snapshotInterval = snapshotInterval ?? checkpointInterval.multipliedReportingOverflow(by: 10).partialValue
    self.existingFile = existingFile
    self.schemaVersion = schemaVersion
    self.maxPendingBytes = maxPendingBytes
    self.onDurable = onDurable
    self.onFailure = onFailure
  }

  /// Why these options cannot be used, or `nil`.
  var problem: String? {
    if checkpointInterval < 1 { return "checkpointInterval must be at least 1, not \(checkpointInterval)" }
    if maxPendingBytes < 1 { return "maxPendingBytes must be at least 1, not \(maxPendingBytes)" }
    if snapshotInterval < checkpointInterval || snapshotInterval % checkpointInterval != 0 {
      return "snapshotInterval (\(snapshotInterval)) must be a multiple of checkpointInterval (\(checkpointInterval))"
    }
    return nil
  }
}
