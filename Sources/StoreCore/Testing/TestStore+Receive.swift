import CustomDump

/// Waiting for the actions that effects send.
///
/// When the store's clock is a ``VirtualClock`` (`$0.continuousClock = clock` in the test's
/// dependencies), `timeout` is time on that clock: `receive` lets it pass, one deadline at a
/// time, until the action has arrived or the next sleep is due later than `timeout` from now.
/// The clock ends where the action came, not at the end of the timeout, so a debounced search
/// is received with no `advance` before it and the clock reads exactly the debounce after. A
/// missing action fails without waiting on wall time for anything the clock could wake. Only
/// effects that wait on something else (a real server) are then given `timeout` of real time.
///
/// A clock the test hands the reducer some other way (an initializer's argument) is not seen:
/// then `timeout` is real time, and the test advances the clock before it receives.
extension TestStore {
  /// Waits for `action` to arrive from an effect, and checks the state change it made.
  ///
  /// Fails when a different action arrives first (with ``exhaustivity`` off, those are passed
  /// over), or when nothing arrives within `timeout`.
  public func receive(
    _ action: Action,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == action },
      expected: describe([action]),
      mismatch: { received in
        diff(action, received).map { "\($0)\n\n(Expected: −, Received: +)" } ?? describe([received])
      },
      timeout: timeout,
      assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for an action that `isMatch` accepts, and checks the state change it made. For
  /// actions that are not `Equatable`, or whose payload the test cannot spell out.
  ///
  /// ```swift
  /// await store.receive({ if case .searchResponse(.success) = $0 { true } else { false } }) {
  ///   $0.isSearching = false
  /// }
  /// ```
  public func receive(
    _ isMatch: (Action) -> Bool,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: isMatch,
      expected: "    (an action that the predicate accepts)",
      mismatch: { describe([$0]) },
      timeout: timeout,
      assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for an action of the case that `path` leads to, whatever its payload, and checks the
  /// state change it made.
  ///
  /// ```swift
  /// await store.receive(Search.Action.searchResponsePath) { $0.results = [song] }
  /// ```
  public func receive<Payload>(
    _ path: ActionPath<Action, Payload>,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { path.extract($0) != nil },
      expected: "    (an action of the case of an ActionPath to \(Payload.self))",
      mismatch: { describe([$0]) },
      timeout: timeout,
      assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits for an action of the case `caseConstructor` makes, whatever its payload, and checks
  /// the state change it made: the case is named by its constructor (``ActionPath/init(_:)-((Value)->Root)``).
  ///
  /// ```swift
  /// await store.receive(Search.Action.searchResponse) { $0.results = [song] }
  /// ```
  public func receive<Payload>(
    _ caseConstructor: @escaping @Sendable (Payload) -> Action,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      ActionPath(caseConstructor), timeout: timeout, assert: assert,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for the action that `path` makes of `payload`, and checks the state change it made.
  /// Only the payload needs to be `Equatable`.
  public func receive<Payload: Equatable>(
    _ path: ActionPath<Action, Payload>,
    _ payload: Payload,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      matching: { path.extract($0) == payload },
      expected: describe([path.embed(payload)]),
      mismatch: { received in
        path.extract(received)
          .flatMap { diff(payload, $0) }
          .map { "\($0)\n\n(Expected: −, Received: +)" }
          ?? describe([received])
      },
      timeout: timeout,
      assert: assert,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Exhaustive: the next received action must match. Off: actions before the first match are
  /// passed over (their state kept), and only a match that never comes fails.
  private func receive(
    matching isMatch: (Action) -> Bool,
    expected: String,
    mismatch: (Action) -> String,
    timeout: Duration,
    assert: ((inout State) throws -> Void)?,
    at location: CallSite
  ) async {
    let isExhaustive = exhaustivity == .on
    let accepts: (Action) -> Bool = { isExhaustive || isMatch($0) }
    let virtualWait = await letVirtualTimePass(upTo: timeout, until: accepts)
    guard await recorder.waitForReceived(matching: accepts, timeout: timeout) else {
      location.report(
        TestStoreMessages.noneReceived(
          expected: expected,
          timeout: timeout,
          virtualWait: virtualWait,
          effectsRunning: !store.runtime.runningEffects.isEmpty
        )
      )
      return
    }
    if !isExhaustive {
      let passedOver = recorder.received.prefix { !isMatch($0.action) }.map(\.action)
      if !passedOver.isEmpty {
        noteSkipped(TestStoreMessages.skippedReceived(passedOver), at: location)
        acceptReceived(count: passedOver.count)
      }
    }
    let received = recorder.received.removeFirst()
    await letStartedEffectsReachTheirFirstWait()
    if !isMatch(received.action) {
      location.report(TestStoreMessages.unexpectedReceived(mismatch(received.action)))
    }
    expect(state: received.state, after: received.action, assert: assert, at: location)
  }

  /// The ``VirtualClock`` that the store's effects sleep on, if the test gave one as the
  /// `continuousClock` dependency.
  var injectedVirtualClock: VirtualClock? {
    store.dependencies?.continuousClock as? VirtualClock
  }

  /// With an injected ``VirtualClock``, lets up to `timeout` of its time pass, deadline by
  /// deadline, until an action that `accepts` takes has arrived; nil without one.
  private func letVirtualTimePass(
    upTo timeout: Duration,
    until accepts: (Action) -> Bool
  ) async -> VirtualWait? {
    guard let clock = injectedVirtualClock else { return nil }
    let start = clock.now
    let end = start.advanced(by: timeout)
    // Effects just started register their sleeps first; advancing settles them again after each wake.
    await EffectTracker.settleAll()
    while !recorder.received.contains(where: { accepts($0.action) }),
      let next = clock.nextDeadline, next <= end
    {
      await clock.advance(to: next)
    }
    return VirtualWait(from: start.offset, to: clock.now.offset, nextDeadline: clock.nextDeadline?.offset)
  }
}

/// How far `receive` moved an injected ``VirtualClock`` while it waited, for its message.
struct VirtualWait {
  let from: Duration
  let to: Duration
  /// The earliest sleep still waiting, due after the timeout; nil when none is.
  let nextDeadline: Duration?
}
