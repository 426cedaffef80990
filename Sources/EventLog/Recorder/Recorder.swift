#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
public import Foundation
import JSONCodec
import Synchronization
public import StoreCore

/// A `StorePlugin` that writes every commit to an event log (`docs/event-log-format.md`).
///
/// ```swift
/// let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
///   file: URL(fileURLWithPath: "session.log"), feature: "amountInput", initialState: state)
/// let store = Store(initialState: state, reducer: AmountInput(), plugins: [recorder])
/// store.send(.textChanged("1234"))
/// try await recorder.close()
/// ```
///
/// `init` creates the file (mode 0600) and writes the header before it returns, so a missing
/// folder or a denied permission throws there, naming the path. After that, a store hands each
/// commit to a background writer thread through a lock-free queue: no
/// encoding or I/O happens on the store's thread, and a lock only once per checkpoint interval
/// and per 1,024 commits. What waits for the writer is bounded in bytes
/// (``RecorderOptions/maxPendingBytes``, 32 MiB by default, by the writer's measure of its
/// lines): when a burst of large actions outruns the disk, the store's next commit waits for
/// the writer instead of holding them all in memory. The writer encodes, writes and fsyncs
/// in batches per ``RecorderOptions/fsync``. Actions and states are written redacted
/// (`Redaction`). Each event's `t` comes from the kernel's coarse clock (1 to 4 ms).
///
/// When a write fails (disk full, I/O error, the file removed or replaced), recording stops:
/// a line goes to stderr at once (or to ``RecorderOptions/onFailure``), the next commit makes
/// ``didCommit(_:)`` throw the ``RecorderError`` (so the store detaches the recorder, reports
/// it, and keeps running), and ``close()`` throws it. What was written before stays readable.
/// A file-size limit (`RLIMIT_FSIZE`) counts as a write failure (EFBIG) only in a process that
/// ignores `SIGXFSZ`; otherwise the kernel kills it.
///
/// Call ``close()`` at the end: it writes what is pending, a final checkpoint with the full
/// state, and fsyncs. A recorder released without `close()` does the same in `deinit`,
/// blocking the releasing thread until the writer is done, so nothing is lost silently.
///
/// To continue a log, replay it and start the store and the recorder from its state:
///
/// ```swift
/// let resumed = try Replayer(reducer: AmountInput()).replay(file: url)
/// let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
///   file: url, feature: "amountInput", initialState: resumed.state,
///   options: RecorderOptions(existingFile: .append))
/// let store = Store(initialState: resumed.state, reducer: AmountInput(), plugins: [recorder])
/// ```
public final class Recorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StorePlugin, Sendable {
  /// The log's path.
  public let path: String
  /// The feature name in the header.
  public let feature: String
  public let options: RecorderOptions
  /// The seq the log had when this recorder started: 0 for a new log, the last seq of the
  /// existing log with ``ExistingFilePolicy/append``. The first commit is recorded as this + 1.
  public let resumedAtSeq: UInt64
  /// What happened while opening, e.g. a torn last line that was cut for `.append`.
  public let warnings: [String]

  let queue: CommitQueue<State, Action>
  let lifecycle: RecorderLifecycle
  /// The log's descriptor, for the test hook below; only the writer thread writes to it.
  private let descriptor: Int32

  /// Creates (or, per ``RecorderOptions/existingFile``, replaces or continues) the log at
  /// `file` and writes its header.
  ///
  /// - Parameters:
  ///   - file: the log's path.
  ///   - feature: the feature's name in the header, e.g. `amountInput`; replay checks it.
  ///   - initialState: the store's state before the first commit this recorder sees.
  ///   - options: how the recorder writes: fsync policy, checkpoint intervals, what to do
  ///     with an existing file.
  /// - Throws: ``RecorderError`` naming the path.
  public init(file: URL, feature: String, initialState: State, options: RecorderOptions = .init()) throws {
    let path = file.path
    if let problem = options.problem {
      throw RecorderError(.invalidOptions, path: path, message: problem)
    }
    var (handle, isExisting) = try LogFileHandle.open(path: path, existing: options.existingFile)
    handle.fsyncForTesting = options.fsyncForTesting
    var startSeq: UInt64 = 0
    var lastLineIsCheckpoint = false
    var warnings: [String] = []
    var effective = options
    do {
      if isExisting {
        let tail = try LogTail.resume(fd: handle.fd, path: path, feature: feature)
        if tail.cutBytes > 0 {
          warnings.append("\(path): cut a torn last line (\(tail.cutBytes) bytes with no newline) before appending")
        }
        effective.checkpointInterval = tail.header.checkpointInterval
        effective.snapshotInterval = tail.header.snapshotInterval
        startSeq = tail.lastSeq
        lastLineIsCheckpoint = try Self.resume(
          handle: handle, tail: tail, initialState: initialState, options: effective)
      } else {
        try Self.writeHeader(handle: handle, feature: feature, initialState: initialState, options: options)
      }
    } catch {
      handle.close()
      // A file this init created (or emptied) and could not start is removed, so that a retry
      // does not find a header-less file in its way ("already exists").
      if !isExisting { _ = unlink(path) }
      throw error
    }
    _ = lseek(handle.fd, 0, SEEK_END)

    self.path = path
    self.feature = feature
    self.options = effective
    self.resumedAtSeq = startSeq
    self.descriptor = handle.fd
    self.warnings = warnings
    let queue = CommitQueue<State, Action>(
      lastSeq: startSeq, initialState: initialState, keepingStateEvery: UInt64(effective.checkpointInterval),
      byteBudget: effective.maxPendingBytes)
    self.queue = queue
    let lifecycle = RecorderLifecycle(startSeq: startSeq)
    self.lifecycle = lifecycle
    let writerOptions = effective
    let thread = Thread { [queue, lifecycle, handle, writerOptions, startSeq, lastLineIsCheckpoint] in
      var writer = RecorderWriter(
        queue: queue, lifecycle: lifecycle, handle: handle, options: writerOptions, startSeq: startSeq,
        lastLineIsCheckpoint: lastLineIsCheckpoint)
      writer.run()
    }
    thread.name = "refold.recorder"
    thread.start()
  }

  deinit {
    // Not closed: flush and close now, on this thread, rather than lose what is pending. Nothing
    // can push any more: whatever held this recorder has let it go.
    let queue = queue
    let lifecycle = lifecycle
    let mustWait = queue.lock.withLock {
      if lifecycle.finished { return false }
      queue.leaveOpen(for: CommitQueue<State, Action>.Status.closing)
      return true
    }
    if mustWait {
      queue.signalWriter()
      lifecycle.done.wait()
    }
  }

  /// The highest seq known to be on disk: fsynced, or with ``FsyncPolicy/never`` written.
  public var durableSeq: UInt64 { lifecycle.durable.load(ordering: .acquiring) }

  /// The highest seq handed to the writer.
  public var recordedSeq: UInt64 { queue.published.load(ordering: .acquiring) }

  /// The error that stopped recording, once it has (a full disk, the file removed…): nothing
  /// after ``durableSeq`` will be written. `nil` while recording goes on, and after a clean
  /// ``close()``.
  public var failure: RecorderError? {
    let lifecycle = lifecycle
    return queue.lock.withLock { lifecycle.failure }
  }

  /// The most bytes that commits waiting for the writer took, by the writer's measure, at the
  /// store's checks (``RecorderOptions/maxPendingBytes`` bounds it), and how often the store
  /// waited for room. Read them on the main actor. For the benchmarks (W7) and the tests: a
  /// measurement, not part of what an app needs, so not public.
  @MainActor
  package var pendingBytesPeak: (bytes: Int, waits: Int) { (queue.peakPendingBytes, queue.roomWaits) }

  /// Hands the commit to the writer thread and returns: no encoding or I/O happens here.
  ///
  /// A store calls this only when the hand-off fails; otherwise it hands commits over itself,
  /// through code specialized for its `State` and `Action`.
  ///
  /// - Throws: the ``RecorderError`` that stopped recording, or ``RecorderError/Kind/closed``
  ///   after ``close()``.
  @MainActor
  public func didCommit(_ commit: Commit<State, Action>) throws {
    if queue.push(
      origin: commit.origin, action: commit.action, state: commit.state,
      draws: commit.draws.isEmpty ? nil : commit.draws, sentDuring: commit.reentrance?.seq, site: commit.site
    ) { return }
    let failure = queue.lock.withLock { lifecycle.failure }
    if let failure { throw failure }
    throw RecorderError(.closed, path: path, message: "seq \(commit.seq) came after close() and was not recorded")
  }

  /// Writes what is pending and a final checkpoint with the full state, fsyncs (unless
  /// ``FsyncPolicy/never``) and closes the file. Later calls return at once.
  ///
  /// Main-actor isolated, like ``didCommit(_:)``, so that it comes after every commit sent
  /// before it and before any sent after it.
  ///
  /// - Throws: the ``RecorderError`` that stopped recording, if any (every call).
  @MainActor
  public func close() async throws {
    let queue = queue
    let lifecycle = lifecycle
    // Before the queue leaves `open`, with no commit between: the store that made the last
    // commit holds the state the final checkpoint writes.
    queue.captureFinalState()
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      let result: Result<Bool, RecorderError> = queue.lock.withLock {
        if lifecycle.finished {
          if let failure = lifecycle.failure { return .failure(failure) }
          return .success(false)
        }
        queue.leaveOpen(for: CommitQueue<State, Action>.Status.closing)
        lifecycle.closeWaiters.append(continuation)
        return .success(true)
      }
      switch result {
      case .success(true): queue.signalWriter()
      case .success(false): continuation.resume()
      case .failure(let error): continuation.resume(throwing: error)
      }
    }
  }

  /// Points the log's descriptor at another file (`/dev/full`, to make the next write fail
  /// with ENOSPC), for tests of the write-error path.
  @_spi(Testing)
  public func redirectWritesForTesting(to path: String) {
    let fd = systemOpen(path, O_WRONLY | O_CLOEXEC, 0)
    precondition(fd >= 0, "cannot open \(path)")
    _ = dup2(fd, descriptor)
    systemClose(fd)
  }

  // MARK: Opening

  private static func writeHeader(
    handle: LogFileHandle, feature: String, initialState: State, options: RecorderOptions
  ) throws {
    let state: JSONValue
    do {
      state = try LogJSONEncoder().encodeValue(Redaction.apply(initialState)).canonicalized
    } catch {
      throw RecorderError(.encodingFailed, path: handle.path, message: "the initial state cannot be encoded: \(error)")
    }
    let header = LogHeader(
      feature: feature, schema: options.schemaVersion, created: LogHeader.timestamp(),
      checkpointInterval: options.checkpointInterval, snapshotInterval: options.snapshotInterval,
      initialState: state)
    try handle.writeAll(try header.line(), seq: nil)
    if options.fsync != .never {
      try handle.sync(seq: nil)
      handle.syncDirectory()
    }
  }

  /// Checks `initialState` against the log's last state where the log records a digest of it,
  /// and otherwise writes a checkpoint with it, so that replay checks it. Returns whether the
  /// last line is now a checkpoint.
  private static func resume(
    handle: LogFileHandle, tail: LogTail, initialState: State, options: RecorderOptions
  ) throws -> Bool {
    let canonical: [UInt8]
    do {
      canonical = try StateDigest.canonicalJSON(of: initialState)
    } catch {
      throw RecorderError(.encodingFailed, path: handle.path, message: "the initial state cannot be encoded: \(error)")
    }
    let digest = StateDigest.fnv1a64(canonical)
    func mismatch(_ seq: UInt64) -> RecorderError {
      RecorderError(
        .resumeMismatch, path: handle.path,
        message: "the initial state is not the log's state at seq \(seq) (its digest differs); start from the state replaying the log gives")
    }
    switch tail.lastLine {
    case .header:
      guard (try? StateDigest.digest(ofParsed: tail.header.initialState)) == digest else { throw mismatch(0) }
      return false
    case .checkpoint(let seq, let recorded):
      guard recorded == digest else { throw mismatch(seq) }
      return true
    case .event(let seq):
      var line: [UInt8] = []
      LogLineWriter.appendCheckpoint(seq: seq, canonicalState: canonical, includeState: true, into: &line)
      _ = lseek(handle.fd, 0, SEEK_END)
      try handle.writeAll(line, seq: seq)
      if options.fsync != .never { try handle.sync(seq: seq) }
      return true
    }
  }
}

extension Recorder: CommitQueueOwner {
  package func commitQueue<S, A>(state: S.Type, action: A.Type) -> CommitQueue<S, A>? {
    queue as? CommitQueue<S, A>
  }
}
