import Foundation

/// A clock for tests whose time moves only when the test advances it (or a ``TestStore``'s
/// `receive` waits on it), and which advances only once every effect of every ``TestStore`` has
/// gone as far as it can: reached a sleep on a clock, ended, or suspended on something else.
///
/// ```swift
/// @Test func searchWaitsForTheTypingToStop() async {
///   let clock = VirtualClock()
///   let store = TestStore(initialState: Search.State(), reducer: Search()) {
///     $0.continuousClock = clock
///   }
///   await store.send(.queryChanged("iu")) { $0.query = "iu" }
///   await clock.advance(by: .milliseconds(299))        // nothing yet
///   await clock.advance(by: .milliseconds(1))
///   await store.receive(.response(.success([song]))) { $0.results = [song] }
/// }
/// ```
///
/// Why not swift-clocks' `TestClock`: its `advance` yields to other tasks a fixed number of
/// times and hopes that the effect it should wake has registered its sleep by then. On a busy
/// Linux machine that hope fails, and a test process was seen to stop running tasks altogether
/// (docs/test-stall.md). This clock never yields and hopes: a ``TestStore`` runs its effects on
/// an executor that counts their steps, and ``advance(by:)`` waits, without polling, until no
/// step of any of them is queued or running. Then it moves time to each deadline in turn,
/// wakes the sleeps that are due, and waits again.
///
/// A sleep until a time already passed ends at once; a sleep until `now` (`sleep(for: .zero)`)
/// waits for the next ``advance(by:)``, even `advance(by: .zero)`.
///
/// Given as the store's `continuousClock` dependency, it is also what ``TestStore``'s
/// `receive` waits on: its timeout is this clock's time, which `receive` lets pass, deadline by
/// deadline, until the action comes (the `advance` above could be left out).
///
/// Under a test runner (Swift Testing or XCTest) a plain ``Store`` counts its effects the same
/// way, so a test of a store without ``TestStore`` can use this clock too.
public final class VirtualClock: Clock, @unchecked Sendable {
  // NB: @unchecked: `current` and `sleepers` are only touched with `lock` held.

  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the clock was made.
    public var offset: Duration

    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "VirtualClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current: Instant
  private var sleepers: [UInt64: Sleeper] = [:]
  private var nextSleeperID: UInt64 = 0

  public init(now: Instant = Instant()) {
    self.current = now
  }

  public var now: Instant { lock.withLock { current } }
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for time to move.
  public var sleepCount: Int { lock.withLock { sleepers.count } }

  /// When the earliest sleep waiting on this clock is due, or nil when none is waiting.
  public var nextDeadline: Instant? { lock.withLock { sleepers.values.map(\.deadline).min() } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = lock.withLock {
      nextSleeperID += 1
      return nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = lock.withLock {
          if Task.isCancelled { return .failure(CancellationError()) }
          // A deadline already passed wakes at once; one at `now` (a zero-length sleep) waits
          // for the next `advance`, as swift-clocks' `TestClock` does: a test can then act
          // between an effect's start and its zero-length wait (cancel it, say).
          if deadline < current { return .success(()) }
          sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      lock.withLock { sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`: first every counted effect settles, then time stops at
  /// each deadline on the way, the sleeps due there wake, and the effects settle again.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline` (never back), waking each sleep on the way in order.
  public func advance(to deadline: Instant) async {
    await EffectTracker.settleAll()
    while true {
      let due: [CheckedContinuation<Void, any Error>]? = lock.withLock {
        guard let next = sleepers.values.map(\.deadline).min(), next <= deadline else {
          if current < deadline { current = deadline }
          return nil
        }
        if current < next { current = next }
        let woken = sleepers.filter { $0.value.deadline <= current }
        for id in woken.keys { sleepers[id] = nil }
        // Oldest sleep first, as a real clock would wake them.
        return woken.sorted { $0.key < $1.key }.map(\.value.continuation)
      }
      guard let due else { break }
      for continuation in due { continuation.resume() }
      await EffectTracker.settleAll()
    }
  }

  /// Advances until no sleep is left (each step to the next deadline), at most `limit` steps,
  /// so that an effect that always sleeps again (a timer) cannot keep the test going forever.
  public func run(limit: Int = 10_000) async {
    for _ in 0..<limit {
      guard let next = nextDeadline else { return }
      await advance(to: next)
    }
  }
}
