import IssueReporting

extension DependencyValues {
  /// The clock effects wait on (a debounce, a timeout): `@Dependency(\.continuousClock) var clock`,
  /// then `try await clock.sleep(for: .milliseconds(300))`.
  ///
  /// `ContinuousClock()` in an app. Under a test runner a sleep reports an issue unless the test
  /// gives a clock, usually a ``VirtualClock`` it advances itself:
  ///
  /// ```swift
  /// let clock = VirtualClock()
  /// let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
  ///   $0.continuousClock = clock
  /// }
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock() }
}

/// The test value of ``DependencyValues/continuousClock``: it reports an issue the first time
/// anything sleeps on it, then waits as a `ContinuousClock` would, so that a test that forgot
/// its clock fails with a line that says so instead of hanging on wall time unnoticed.
struct UnimplementedClock: Clock {
  typealias Instant = ContinuousClock.Instant
  private let clock = ContinuousClock()

  var now: Instant { clock.now }
  var minimumResolution: Duration { clock.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue(
      #"Unimplemented: @Dependency(\.continuousClock) slept. Give this test a clock, e.g. "$0.continuousClock = VirtualClock()", and advance it."#
    )
    try await clock.sleep(until: deadline, tolerance: tolerance)
  }
}
