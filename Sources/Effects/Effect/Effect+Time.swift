extension Effect {
  /// Waits `duration` on `clock` before starting this effect, and restarts the wait whenever a
  /// newer effect with the same `id` arrives. Only the last one in a burst runs.
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in … }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// Inject the clock: a `ContinuousClock` in the app, a `TestClock` in tests.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    if case .none = operation { return self }
    return Self(operation: .deferred({ try await clock.sleep(for: duration) }, self))
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Lets at most one effect with `id` start per `interval` of `clock`.
  ///
  /// The first effect in a window starts at once. Later ones in the same window are dropped,
  /// unless `latest` is true, in which case the last of them starts when the window closes.
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    if case .none = operation { return self }
    return Self(operation: .throttle(id: CancelID(id), interval: interval, clock: clock, latest: latest, self))
  }
}
