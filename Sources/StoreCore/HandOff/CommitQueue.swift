import Dispatch
package import Foundation
public import Synchronization
public import CSystemCalls

/// What an unusual commit carries beside its action, kept apart from the commits (see
/// ``CommitQueue/keepNotes(seq:draws:sentDuring:site:)``).
package struct CommitNotes: Sendable {
  /// What the reducer drew (``Draw``); usually none.
  package var draws: [Draw]
  /// The seq the action was sent during, when it was a re-entrant send (``ReentrantSend``).
  package var sentDuring: UInt64?
  /// Where the action was sent from, when the store records it (``SendSite``).
  package var site: SendSite?
}

/// When a pending commit was made and where its action came from, in one word: the part of a
/// commit that does not depend on the action's type. Its seq is implicit: the queue's commits
/// are numbered consecutively.
///
/// The time is kept to the nanosecond but for its last bit, which holds the origin (set for
/// ``ActionOrigin/effect``). Whole microseconds, which a consumer may keep (the event log
/// does), never change with that bit (a multiple of 1,000 nanoseconds is even), and the clock
/// the store reads ticks every millisecond or more. One word rather than two halves what the store writes for each stamp,
/// and the cache lines it takes from the writer's core; and the store writes one only when it
/// differs from the last commit's (``CommitBlock``), which in a burst is once a clock tick.
@usableFromInline
package struct CommitStamp: Sendable {
  @usableFromInline let bits: UInt64

  @inlinable
  init(time: CommitTime, origin: ActionOrigin) {
    bits = time.nanosecondsSince1970 & ~1 | (origin == .effect ? 1 : 0)
  }

  /// When the action was committed, to the nanosecond but for the last bit.
  @inlinable
  package var time: CommitTime { CommitTime(nanosecondsSince1970: bits & ~1) }

  @inlinable
  package var origin: ActionOrigin { bits & 1 == 0 ? .send : .effect }

  /// A stamp for ``CommitQueue/takeNext(stamp:)`` to overwrite.
  @inlinable
  package static var blank: CommitStamp { CommitStamp(time: CommitTime(nanosecondsSince1970: 0), origin: .send) }
}

/// A fixed run of pending commits. The queue is a chain of blocks: the store fills the last,
/// the writer empties the first, and neither ever moves a commit.
///
/// A commit's action is kept in an array of actions; its stamp is not kept per commit but only
/// where it changes (``stamps`` and ``stampIndices``, counted by ``stampCount``): the clock
/// the store reads ticks every millisecond or more, so the commits of a burst share one stamp,
/// and a commit whose stamp is its predecessor's writes no byte for it. A commit of an action
/// that takes no bytes (W4's counter) then writes nothing into the block at all, where a stamp
/// per commit streamed a new cache line every eight commits through memory the writer's core
/// had last read.
///
/// Stamps and actions are kept in arrays, not as one generic struct: the writer is generic code
/// that nothing specializes, and reading a field of a struct generic over the action (the
/// action's offset depends on its alignment) looked up that struct's metadata on every commit
/// taken. All the arrays are one allocation.
@usableFromInline
final class CommitBlock<Action> {
  @usableFromInline static var capacity: Int { 1024 }
  /// The stamps that differ from the commit's before, in order; the writer reads the first
  /// ``stampCount``.
  @usableFromInline let stamps: UnsafeMutablePointer<CommitStamp>
  /// The index in this block of the commit each of ``stamps`` starts at, in increasing order.
  @usableFromInline let stampIndices: UnsafeMutablePointer<UInt16>
  /// How many of ``stamps`` are written: stored (release) by the store after each new one,
  /// before the commit is published; loaded (acquire) by the writer, which reads no more.
  @usableFromInline let stampCount = Atomic<Int>(0)
  /// Initialized from the writer's position up to the store's; the writer moves them out.
  @usableFromInline let actions: UnsafeMutablePointer<Action>
  /// Set by the store before it publishes the last commit of this block.
  @usableFromInline @exclusivity(unchecked) var next: CommitBlock<Action>?

  private static var stampIndicesOffset: Int { capacity * MemoryLayout<CommitStamp>.stride }

  /// The stamps' and their indices' bytes, rounded up to the actions' alignment: where the
  /// actions start.
  private static var actionsOffset: Int {
    let stampBytes = stampIndicesOffset + capacity * MemoryLayout<UInt16>.stride
    let alignment = MemoryLayout<Action>.alignment
    return (stampBytes + alignment - 1) / alignment * alignment
  }

  /// The bytes a block holds its commits in, and the claims past its last action.
  static var bytes: Int { actionsOffset + capacity * MemoryLayout<Action>.stride + claimDistance }

  /// How far past the action it writes the store claims the cache lines it writes next
  /// (``claimAhead(of:)``): eight lines. The block has this many bytes to spare past its last
  /// action, so that no claim leaves it.
  @usableFromInline static var claimDistance: Int { 512 }

  /// Claims for writing the line ``claimDistance`` past the action at `index`, unless actions
  /// take no bytes.
  ///
  /// Why: a block is reused once the writer has emptied it (``CommitQueue/startBlock()``), so
  /// its lines were last read on the writer's core, and a store to one waits until that core
  /// lets it go. On the benchmark machine (an AMD EPYC VM) the wait is hidden behind the fold
  /// while the host is quiet. In the host's noisy stretches (10 s to a minute, every few
  /// minutes) it is not: W4's recorded commit, when it still wrote a stamp per commit, doubled
  /// (12.5 ns to 17–25) while the unrecorded one stayed at 8.5; claimed this far ahead, the
  /// lines were here by the time they were written (docs/benchmarks.md, W4).
  @inlinable @inline(__always)
  func claimAhead(of index: Int) {
    if let action = claim(ahead: index) { refold_prefetch_for_write(action) }
  }

  /// What ``claimAhead(of:)`` claims for the commit at `index`: a byte ``claimDistance`` past
  /// its action, inside the block (the tests check it for actions of several sizes); nothing
  /// when actions take no bytes.
  @inlinable @inline(__always)
  func claim(ahead index: Int) -> UnsafeRawPointer? {
    guard MemoryLayout<Action>.size > 0 else { return nil }
    return UnsafeRawPointer(actions + index) + Self.claimDistance
  }

  /// The block's first and last byte: a claim never leaves them.
  var extent: ClosedRange<UnsafeRawPointer> {
    UnsafeRawPointer(stamps)...UnsafeRawPointer(stamps) + (Self.bytes - 1)
  }

  /// Readies a block for the store to fill: no stamps yet, and the lines of the first actions
  /// claimed, as ``claimAhead(of:)`` claims the rest. Before the block is linked, so that the
  /// writer, which reaches it through the link, sees it so.
  func start() {
    stampCount.store(0, ordering: .relaxed)
    refold_prefetch_for_write(UnsafeRawPointer(stamps))
    refold_prefetch_for_write(UnsafeRawPointer(stampIndices))
    guard MemoryLayout<Action>.size > 0 else { return }
    for offset in stride(from: 0, to: Self.claimDistance, by: 64) {
      refold_prefetch_for_write(UnsafeRawPointer(actions) + offset)
    }
  }

  @usableFromInline
  init() {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: Self.bytes, alignment: max(MemoryLayout<CommitStamp>.alignment, MemoryLayout<Action>.alignment))
    stamps = raw.bindMemory(to: CommitStamp.self, capacity: Self.capacity)
    stampIndices = (raw + Self.stampIndicesOffset).bindMemory(to: UInt16.self, capacity: Self.capacity)
    actions = (raw + Self.actionsOffset).bindMemory(to: Action.self, capacity: Self.capacity)
  }

  deinit {
    UnsafeMutableRawPointer(stamps).deallocate()
  }
}

/// The hand-off from the store (on the main actor) to a consumer's thread (the event log's
/// recorder writes from one): a single-producer, single-consumer queue with no lock on the
/// store's side. It knows nothing of what the consumer does with the commits: it holds them,
/// keeps the state after every `keptStateInterval`-th commit, and wakes the consumer.
///
/// A handed-off commit must cost the store's thread about as much as the rest of the commit
/// (the W4 benchmark: a recorded W1 commit ≤ 2× an unrecorded one, some 15 ns), so
/// ``push(origin:action:state:draws:sentDuring:site:pushedBy:)`` is inlinable and is
/// specialized into the store's `tellPlugins` in the app's module: no generic metadata, no
/// lock, a block (reused when one is spare) per 1,024 commits, whose lines it claims for writing
/// ahead of its writes (``CommitBlock/claimAhead(of:)``), and a coarse clock whose reading is
/// written only when it changed (``keepStamp(_:)``). It writes the commit into the last block
/// and publishes its seq with a release store; the writer reads up to the published seq with an
/// acquire load. The writer sleeps only after telling the store so and
/// fencing (``AsymmetricFence``); the store wakes it then.
///
/// What it holds is bounded in bytes as well as in commits. The consumer tells the queue how
/// many bytes a pending commit takes, on average (``estimate(bytesPerCommit:)``: a recorder
/// measures its encoded lines, and adds a share of the kept states); the queue turns
/// the byte budget into a number of commits it admits. Every so many commits (a quarter of that
/// number, at most ``signalInterval``) the store checks how many are pending: it wakes the
/// writer when a check's worth is waiting, and waits for it when admitting the next check's
/// worth would overrun the budget. A commit larger than the whole budget is admitted alone.
///
/// A kept state (one commit in `keptStateInterval`) and a block reused take
/// no lock (``KeptStates``, ``SpareBlocks``): they come in the middle of a burst, where a
/// writer switched out while it held a lock would keep the store waiting. What happens rarely
/// takes one: a commit's notes, waking the writer, waiting for room, stopping and closing.
///
/// Every commit is pushed on the main actor (``StorePlugin/didCommit(_:)`` is main-actor
/// isolated, and so must be whatever closes the queue), so there is one producer at a time
/// even when several stores share a consumer.
///
/// The consumer's side (``waitForWork(until:pollInterval:)``, ``takeNext()``,
/// ``reportTaken()``) runs on one thread of its own.
@usableFromInline
package final class CommitQueue<State, Action>: @unchecked Sendable {
  // NB: @unchecked: the store's side below is touched only on the main actor, the writer's side
  //     only on the writer thread, the commits between them are published by `published`
  //     (release/acquire), and the rest only with `lock` held.

  @usableFromInline package enum Status {
    @usableFromInline package static var open: UInt8 { 0 }
    /// The consumer was asked to close: it takes what was published, then ends.
    @usableFromInline package static var closing: UInt8 { 1 }
    /// The consumer failed; nothing more is taken.
    @usableFromInline package static var stopped: UInt8 { 2 }
  }

  // NB: The layout keeps apart what each thread writes often, so that the writer taking commits
  //     does not steal the cache line the store is pushing to: the store's fields first, then
  //     a cache line of padding, then the writer's. Generic `lastState` comes last in its group,
  //     so that the fields before it have fixed offsets.

  // MARK: The store's side (main actor), and what it reads on every push

  // NB: Unchecked exclusivity here and on the writer's side: each field is one side's alone.
  //     With the checks (these and `KeptStates`'), W4's recorded commit took 2.4 times as long
  //     (docs/unsafe-code.md).

  @usableFromInline @exclusivity(unchecked) var tail: CommitBlock<Action>
  @usableFromInline @exclusivity(unchecked) var tailIndex = 0
  /// How many stamps the store has written into `tail` (``CommitBlock/stamps``).
  @usableFromInline @exclusivity(unchecked) var tailStamps = 0
  /// The bits of the last commit's stamp; at first none a clock gives (all ones: the year 2554).
  @usableFromInline @exclusivity(unchecked) var lastStampBits = UInt64.max
  /// Commits until the store next checks how many are pending (``checkRoom()``).
  @usableFromInline @exclusivity(unchecked) var untilRoomCheck: Int
  /// Commits until the next one whose state is kept: a count down rather than
  /// `seq % keptStateInterval`, a division that would cost a fifth of the push.
  @usableFromInline @exclusivity(unchecked) var untilKeptState: UInt64
  /// The queue keeps the state after each commit whose seq is a multiple of this, for the
  /// consumer to take (``takeKeptState(seq:)``); what it is for is the consumer's business.
  @usableFromInline package let keptStateInterval: UInt64
  @usableFromInline let lightFenceIsFull: Bool
  /// The seq of the last commit whose entry is initialized.
  @usableFromInline package let published: Atomic<UInt64>
  @usableFromInline package let status: Atomic<UInt8>
  /// Why the store should look at the queue at its next commit (``Attention``), or 0: one
  /// relaxed load per push covers both reasons.
  @usableFromInline let attention: Atomic<UInt8>

  /// The bits of ``attention``.
  @usableFromInline enum Attention {
    /// The writer sleeps until woken. The writer sets and clears it.
    @usableFromInline static var writerSleeps: UInt8 { 1 }
    /// The writer's estimate grew, so that far fewer commits fit the budget: check the room now,
    /// not at the end of the count-down. The writer sets it; the store clears it.
    @usableFromInline static var budgetShrank: UInt8 { 2 }
  }
  /// The store whose state is the state after the last commit, when a store pushed that
  /// commit; `nil` when ``lastState`` holds it. Compared on every push: a store that pushes
  /// again copies nothing (``finalStateSource``).
  @usableFromInline @exclusivity(unchecked) var lastPusher: ObjectIdentifier?
  /// The state after the last commit (the initial state before any), for the consumer at close,
  /// unless ``lastPusher`` names a store that holds it. The writer reads it only after
  /// ``Status/closing`` was set: by `close()` on the main actor, after
  /// ``captureFinalState()``; or when nothing can push any more (the consumer's owner is being
  /// released, so every store that pushed has let go of it: ``storeLeaves(_:state:)``).
  @usableFromInline @exclusivity(unchecked) package var lastState: State

  /// The store ``lastPusher`` names, read at close. Why not a copy of the state on every push:
  /// a copy retains and releases each reference the state holds (a `String`, an array) and
  /// copies all of its bytes, which for a large state costs more than the rest of the commit.
  @usableFromInline weak var finalStateSource: (any FinalStateSource<State>)?

  private let padding = CacheLinePadding()

  // MARK: The writer's side

  // NB: Unchecked, as the store's side is: only the writer's thread touches them, and a
  //     run-time exclusivity check on each was several calls per commit taken.
  @usableFromInline @exclusivity(unchecked) var head: CommitBlock<Action>
  @usableFromInline @exclusivity(unchecked) var headIndex = 0
  /// How many of `head`'s stamps the writer has read, and the last one: the stamp of every
  /// commit taken until the commit the next one starts at.
  @usableFromInline @exclusivity(unchecked) var headStamps = 0
  @usableFromInline @exclusivity(unchecked) var headStamp = CommitStamp.blank
  @usableFromInline @exclusivity(unchecked) package internal(set) var takenSeq: UInt64
  /// The seq of the last commit the writer has taken, for the store's back-pressure.
  package let taken: Atomic<UInt64>

  /// The most commits between two room checks. Small commits are checked (and the writer
  /// woken) this rarely; otherwise the writer wakes at its tick while it has work: a burst
  /// shorter than a tick is written after it ends, not on the other core while it goes on.
  @usableFromInline static var signalInterval: Int { 1 << 17 }
  /// Never more than this many commits pending, whatever their size.
  static var pendingLimit: UInt64 { 1 << 20 }
  /// Until the consumer's first estimate, admit only this many (checked as often): a burst of
  /// large commits must not run ahead of the first measure. A recorder waits for it once, some
  /// tens of microseconds, at its first burst; the estimate then stays.
  static var initialAdmitted: UInt64 { 64 }
  static var initialCheck: Int { 64 }

  // MARK: The byte budget

  /// The most bytes the pending commits may take (by the consumer's estimate).
  package let byteBudget: Int
  /// How many pending commits the budget admits, from the latest estimate.
  let admitted: Atomic<UInt64>
  /// Commits between two room checks: a quarter of `admitted`, at most `signalInterval`.
  let checkInterval: Atomic<Int>
  /// The consumer's latest estimate of the bytes one pending commit takes; 0 before any.
  let bytesPerCommit: Atomic<Int>
  /// The most bytes pending at a room check (by the estimate then): what the budget held.
  @exclusivity(unchecked) package private(set) var peakPendingBytes = 0
  @exclusivity(unchecked) package private(set) var roomWaits = 0

  // MARK: With `lock` held

  /// Guards the queue's rarely touched fields, and the consumer's own (its lifecycle).
  package let lock = HandOffLock()
  /// Blocks the writer has emptied, for the store to fill again: a burst then writes to memory
  /// that is already mapped, where fresh blocks cost a page fault every few hundred commits.
  private let spareBlocks: SpareBlocks<Action>
  /// Keep at most this many bytes of spare blocks (a burst of some 250,000 small actions).
  private static var spareBytes: Int { 4 << 20 }
  /// The kept states, at seqs that are multiples of `keptStateInterval`, in order.
  private let keptStates = KeptStates<State>()
  /// What the few unusual commits carry beside their action: draws, a re-entrant send.
  private var notesBySeq: [UInt64: CommitNotes] = [:]
  /// How many commits ``notesBySeq`` holds: the writer looks it up only when there are some.
  /// Counted before the commit is published, so a writer that took the commit sees it.
  @usableFromInline let noteCount = Atomic<Int>(0)
  private let wake = NSCondition()
  private var wakeFlag = false
  /// The store waits on it when too much is pending.
  private let room = NSCondition()

  /// - Parameter byteBudget: the most bytes the pending commits may take (see the type's doc).
  package init(lastSeq: UInt64, initialState: State, keepingStateEvery keptStateInterval: UInt64, byteBudget: Int = 32 << 20) {
    self.lastState = initialState
    self.byteBudget = max(1, byteBudget)
    admitted = Atomic(Self.initialAdmitted)
    checkInterval = Atomic(Self.initialCheck)
    bytesPerCommit = Atomic(0)
    untilRoomCheck = Self.initialCheck
    self.keptStateInterval = keptStateInterval
    published = Atomic(lastSeq)
    taken = Atomic(lastSeq)
    takenSeq = lastSeq
    status = Atomic(Status.open)
    attention = Atomic(0)
    untilKeptState = keptStateInterval - lastSeq % keptStateInterval
    lightFenceIsFull = AsymmetricFence.lightNeedsFullFence
    spareBlocks = SpareBlocks(capacity: Self.spareBytes / CommitBlock<Action>.bytes)
    let block = CommitBlock<Action>()
    tail = block
    head = block
  }

  deinit {
    // Commits published after the writer stopped (or never taken) are still initialized.
    dropPublished()
  }

  // MARK: The store's side

  /// Hands one commit to the writer. Returns false, and takes nothing, once the queue is
  /// closing or stopped; the store then calls its owner's ``StorePlugin/didCommit(_:)``, which
  /// throws why. (A commit pushed while the writer is stopping is taken and dropped with the
  /// rest: the next one is refused.)
  ///
  /// `state` is read only for a commit whose state is kept (every `keptStateInterval`-th; the last one's,
  /// when no store pushes it): a store passes its own, which read on every commit would retain
  /// and release each reference in it. A store passes itself as `store`, and the queue reads
  /// the final state from it at close (``captureFinalState()``).
  @inlinable @inline(__always)
  package func push(
    origin: ActionOrigin, action: Action, state: @autoclosure () -> State, draws: [Draw]? = nil,
    sentDuring: UInt64? = nil, site: SendSite? = nil, pushedBy store: AnyObject? = nil
  ) -> Bool {
    guard status.load(ordering: .relaxed) == Status.open else { return false }
    // The store is the only writer of `published`, so a relaxed load reads its own last store.
    let seq = published.load(ordering: .relaxed) &+ 1
    untilKeptState &-= 1
    if untilKeptState == 0 { keepState(seq: seq, state: state()) }
    if draws != nil || sentDuring != nil || site != nil {
      keepNotes(seq: seq, draws: draws, sentDuring: sentDuring, site: site)
    }
    // The clock first: a block held in a local across the call would be retained around it.
    let stamp = CommitStamp(time: .now(), origin: origin)
    if stamp.bits != lastStampBits { keepStamp(stamp) }
    (tail.actions + tailIndex).initialize(to: action)
    tail.claimAhead(of: tailIndex)
    tailIndex &+= 1
    // The next block is linked before this commit is published, so that the writer, having
    // taken it, always finds the next one.
    if tailIndex == CommitBlock<Action>.capacity { startBlock() }
    if let store {
      if lastPusher != ObjectIdentifier(store) { adopt(store, state: state()) }
    } else {
      keepLastState(state())
    }
    published.store(seq, ordering: .releasing)
    AsymmetricFence.light(full: lightFenceIsFull)
    if attention.load(ordering: .relaxed) != 0 { attend() }
    untilRoomCheck &-= 1
    if untilRoomCheck == 0 { checkRoom() }
    return true
  }

  /// Writes `stamp`, which differs from the last commit's, as the stamp of the commit at
  /// `tailIndex` and of those after it in the block that share it (``CommitBlock``).
  @inlinable @inline(__always)
  func keepStamp(_ stamp: CommitStamp) {
    lastStampBits = stamp.bits
    (tail.stamps + tailStamps).initialize(to: stamp)
    (tail.stampIndices + tailStamps).initialize(to: UInt16(truncatingIfNeeded: tailIndex))
    tailStamps &+= 1
    tail.stampCount.store(tailStamps, ordering: .releasing)
  }

  /// `store` pushed the last commit, with `state`: its state is the final state until another
  /// push. (Passed as `AnyObject`, not as the protocol: making that existential on every push
  /// looked up the store's conformance each time.) One that is not a ``FinalStateSource``
  /// has its state copied, now and at each of its pushes.
  @usableFromInline
  func adopt(_ store: AnyObject, state: State) {
    guard let source = store as? any FinalStateSource<State> else { return keepLastState(state) }
    lastPusher = ObjectIdentifier(store)
    finalStateSource = source
  }

  /// A commit pushed by no store (``StorePlugin/didCommit(_:)``, a test): its state is copied.
  @usableFromInline
  func keepLastState(_ state: State) {
    lastState = state
    lastPusher = nil
    finalStateSource = nil
  }

  /// Reads the state after the last commit from the store that pushed it, before the queue
  /// leaves ``Status/open`` (on the main actor, like every push, so that none comes between).
  @MainActor
  package func captureFinalState() {
    guard lastPusher != nil, let source = finalStateSource else { return }
    keepLastState(source.finalState)
  }

  /// `store` stops pushing here (released, or its plugins changed), with `state` its state
  /// after its last commit: if it pushed the last commit, that state is kept.
  @usableFromInline @MainActor
  package func storeLeaves(_ store: AnyObject, state: State) {
    guard lastPusher == ObjectIdentifier(store) else { return }
    keepLastState(state)
  }

  @usableFromInline
  func startBlock() {
    let block = spareBlocks.take() ?? CommitBlock<Action>()
    block.start()
    tail.next = block
    tail = block
    tailIndex = 0
    tailStamps = 0
  }

  /// Kept beside the commits, not in them: a field in every pending commit would have the
  /// store's thread and the writer's retain and release the one shared empty array, a cache
  /// line bounced between the two cores for every commit (W4 measured 43 ns a commit against 14).
  @usableFromInline
  func keepNotes(seq: UInt64, draws: [Draw]?, sentDuring: UInt64?, site: SendSite?) {
    lock.withLock { notesBySeq[seq] = CommitNotes(draws: draws ?? [], sentDuring: sentDuring, site: site) }
    noteCount.add(1, ordering: .relaxed)
  }

  @usableFromInline
  func keepState(seq: UInt64, state: State) {
    untilKeptState = keptStateInterval
    keptStates.keep(state, seq: seq)
  }

  /// The writer asked for attention: wake it if it sleeps, check the room if the budget shrank.
  @usableFromInline
  func attend() {
    let reasons = attention.load(ordering: .relaxed)
    if reasons & Attention.writerSleeps != 0 {
      attention.bitwiseAnd(~Attention.writerSleeps, ordering: .relaxed)
      signalWriter()
    }
    if reasons & Attention.budgetShrank != 0 {
      attention.bitwiseAnd(~Attention.budgetShrank, ordering: .relaxed)
      checkRoom()
    }
  }

  /// Every `checkInterval` commits: wakes the writer when a check's worth is pending, and waits
  /// while admitting the next check's worth would overrun the budget, so that pending commits
  /// stay within it until the next check. Reads `taken` here, not in `push`.
  @usableFromInline
  func checkRoom() {
    let interval = checkInterval.load(ordering: .relaxed)
    untilRoomCheck = interval
    let pending = published.load(ordering: .relaxed) &- taken.load(ordering: .acquiring)
    let estimate = bytesPerCommit.load(ordering: .relaxed)
    peakPendingBytes = max(peakPendingBytes, Int(clamping: pending) &* estimate)
    if pending >= UInt64(interval) { signalWriter() }
    if pending &+ UInt64(interval) > admitted.load(ordering: .relaxed) { waitForRoom() }
  }

  private func waitForRoom() {
    roomWaits += 1
    signalWriter()
    room.lock()
    while status.load(ordering: .acquiring) != Status.stopped {
      // Reloaded each time: the writer's estimate may have changed what the budget admits.
      let admitted = admitted.load(ordering: .relaxed)
      let interval = UInt64(checkInterval.load(ordering: .relaxed))
      let pending = published.load(ordering: .relaxed) &- taken.load(ordering: .acquiring)
      // A check's worth more would overrun: wait, unless nothing is pending (one commit larger
      // than the whole budget is admitted alone).
      guard pending > 0, pending &+ interval > admitted else { break }
      room.wait()
    }
    room.unlock()
    untilRoomCheck = checkInterval.load(ordering: .relaxed)
  }

  // MARK: The consumer's estimate

  /// Tells the queue how many bytes one pending commit takes, by the consumer's measure; the
  /// budget then admits `byteBudget / bytesPerCommit` commits (at least 1, at most
  /// ``pendingLimit``), checked every quarter of that. A store waiting for room re-reads it.
  package func estimate(bytesPerCommit: Int) {
    let perCommit = max(1, bytesPerCommit)
    let admits = UInt64(clamping: max(1, byteBudget / perCommit))
    let admitted = min(Self.pendingLimit, admits)
    let before = self.admitted.load(ordering: .relaxed)
    self.bytesPerCommit.store(perCommit, ordering: .relaxed)
    self.admitted.store(admitted, ordering: .relaxed)
    checkInterval.store(Int(max(1, min(UInt64(Self.signalInterval), admitted / 4))), ordering: .relaxed)
    // Far fewer fit now (larger commits came): the store must not wait for its count-down.
    if admitted < before / 2 { attention.bitwiseOr(Attention.budgetShrank, ordering: .releasing) }
    announceRoom()
  }

  // MARK: Control

  /// Wakes the writer, whatever it waits for.
  package func signalWriter() {
    wake.lock()
    wakeFlag = true
    wake.signal()
    wake.unlock()
  }

  /// Moves from open to `status`; false if it was not open.
  @discardableResult
  package func leaveOpen(for status: UInt8) -> Bool {
    self.status.compareExchange(expected: Status.open, desired: status, ordering: .acquiringAndReleasing).exchanged
  }

  // MARK: The writer's side

  /// Sleeps until woken or until `deadline`. With no deadline the writer first says it sleeps,
  /// fences, and returns at once if a commit came meanwhile or the queue is closing; where the
  /// fence is not to be had, it wakes every `pollInterval` seconds instead.
  package func waitForWork(until deadline: Date?, pollInterval: TimeInterval) {
    var deadline = deadline
    if deadline == nil {
      attention.bitwiseOr(Attention.writerSleeps, ordering: .relaxed)
      if !AsymmetricFence.heavy() {
        // No fence: poll at the writer's tick rather than risk sleeping past a commit.
        deadline = Date(timeIntervalSinceNow: pollInterval)
      }
      if published.load(ordering: .acquiring) != takenSeq || status.load(ordering: .acquiring) != Status.open {
        // Work came meanwhile: not sleeping after all, so that the store is not asked to wake
        // a writer that is awake (a lock and a signal on the store's thread, once per batch).
        attention.bitwiseAnd(~Attention.writerSleeps, ordering: .relaxed)
        return
      }
    }
    wake.lock()
    while !wakeFlag {
      if let deadline {
        if !wake.wait(until: deadline) { break }
      } else {
        wake.wait()
      }
    }
    wakeFlag = false
    wake.unlock()
    attention.bitwiseAnd(~Attention.writerSleeps, ordering: .relaxed)
  }

  /// Moves the next published commit's action out, and sets `stamp` to its time and origin.
  /// Call only while `takenSeq < published`.
  ///
  /// The block's stamps read here were written before the commit was published, and the
  /// count loaded covers them: none is read that the store may still be writing.
  ///
  /// Inlinable, so that it is inlined into the writer's loop: the writer is generic code that
  /// is not specialized (it runs on a thread the recorder starts), and as a call of its own
  /// this looked up the metadata of `CommitBlock<Action>` on every commit (W4's writer under
  /// perf: 9.7% of its samples in metadata lookups, 6.3% once inlined). The stamp comes out
  /// apart from the action, so that nothing generic over the action but the action is made.
  @inlinable @inline(__always)
  package func takeNext(stamp: inout CommitStamp) -> Action {
    if headIndex == CommitBlock<Action>.capacity { moveToNextBlock() }
    if headStamps < head.stampCount.load(ordering: .acquiring),
      head.stampIndices[headStamps] == UInt16(truncatingIfNeeded: headIndex)
    {
      headStamp = head.stamps[headStamps]
      headStamps &+= 1
    }
    stamp = headStamp
    let action = (head.actions + headIndex).move()
    headIndex &+= 1
    takenSeq &+= 1
    return action
  }

  /// Moves `head` to the next block, once every `CommitBlock.capacity` commits taken, and keeps
  /// the emptied block for the store to reuse.
  @usableFromInline
  func moveToNextBlock() {
    let emptied = head
    head = emptied.next!
    headIndex = 0
    headStamps = 0
    emptied.next = nil
    spareBlocks.put(emptied)
  }

  /// Tells the store how far the writer has taken, and wakes it if it waits for room.
  package func reportTaken() {
    taken.store(takenSeq, ordering: .releasing)
    announceRoom()
  }

  package func announceRoom() {
    room.lock()
    room.broadcast()
    room.unlock()
  }

  /// What the commit `seq` carries beside its action; `nil` for nothing (the usual case: no
  /// empty array, which the store's thread touches too).
  package func takeNotes(seq: UInt64) -> CommitNotes? {
    guard noteCount.load(ordering: .relaxed) > 0 else { return nil }
    return lock.withLock {
      guard let notes = notesBySeq.removeValue(forKey: seq) else { return nil }
      noteCount.subtract(1, ordering: .relaxed)
      return notes
    }
  }

  /// The state kept after commit `seq` (a multiple of `keptStateInterval`), if it is the next
  /// one kept.
  package func takeKeptState(seq: UInt64) -> State? {
    keptStates.take(seq: seq)
  }

  /// Takes and drops every commit published so far.
  private func dropPublished() {
    var stamp = CommitStamp.blank
    while takenSeq < published.load(ordering: .acquiring) { _ = takeNext(stamp: &stamp) }
  }

  /// Drops every published commit and kept state (recording stopped).
  package func discardPublished() {
    dropPublished()
    keptStates.dropAll()
    lock.withLock {
      notesBySeq.removeAll()
      noteCount.store(0, ordering: .relaxed)
    }
    reportTaken()
  }
}

/// ``CommitQueue/push(origin:action:state:draws:sentDuring:site:pushedBy:)`` with no retain and release of the queue (the
/// caller keeps it alive). A free function, so that its closure is not main-actor isolated:
/// an isolated closure passed to the standard library gets a dynamic isolation check.
@inlinable @inline(__always)
func pushCommit<State, Action>(
  to queue: Unmanaged<CommitQueue<State, Action>>, origin: ActionOrigin, action: Action,
  state: @autoclosure () -> State, draws: [Draw]?, sentDuring: UInt64?, site: SendSite?,
  pushedBy store: AnyObject
) -> Bool {
  queue._withUnsafeGuaranteedRef {
    $0.push(
      origin: origin, action: action, state: state(), draws: draws, sentDuring: sentDuring, site: site,
      pushedBy: store)
  }
}

/// A store, as the queue it pushes to sees it: what its state is now, read at close for the
/// consumer's last state. Its state then is the state after the last commit it pushed, because a
/// store hands every commit to its queue as it folds it and tells the queue when it stops
/// (``CommitQueue/storeLeaves(_:state:)``).
@usableFromInline
package protocol FinalStateSource<State>: AnyObject {
  associatedtype State
  @MainActor var finalState: State { get }
}

/// A plugin whose commits the store hands over itself, through a ``CommitQueue`` specialized
/// for its state and action (the event log's recorder is one). The store still calls
/// ``StorePlugin/didCommit(_:)`` when ``CommitQueue/push(origin:action:state:draws:sentDuring:site:pushedBy:)`` refuses a
/// commit, so that the plugin throws why.
package protocol CommitQueueOwner: AnyObject {
  /// The queue, if it is for commits of `State` and `Action`.
  func commitQueue<S, A>(state: S.Type, action: A.Type) -> CommitQueue<S, A>?
}

/// 64 bytes that keep the fields before and after them on different cache lines.
struct CacheLinePadding {
  private let bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
