import IssueReporting

/// A store for tests that makes you account for everything a feature does.
///
/// ```swift
/// @Test func searchDebounces() async {
///   let clock = VirtualClock()
///   let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
///     $0.musicSearch = .returning([hypeBoy])
///     $0.continuousClock = clock
///   }
///   await store.send(.queryChanged("new jeans")) { $0.query = "new jeans" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.searchResponse(.success([hypeBoy]))) { $0.results = [hypeBoy] }
///   await store.finish()
/// }
/// ```
///
/// It is exhaustive (unless ``exhaustivity`` says otherwise). Each of these is a test failure
/// with a readable diff:
/// - a state change that `send` or `receive` did not assert;
/// - an action received from an effect that the test did not `receive` before its next `send`
///   or `finish()`;
/// - a `receive` whose action never arrives within its timeout;
/// - an effect still running at ``finish(timeout:fileID:filePath:line:column:)``;
/// - a store released, without `finish()`, with actions left to receive or effects still
///   running: the failure points at the line that made the store, and its effects are then
///   cancelled.
///
/// `send` and `receive` return only once every effect started so far has run up to a
/// suspension point (its effect tasks run on a counting executor), so a ``VirtualClock``
/// advanced next always finds their sleeps registered, however busy the machine is.
///
/// Failures are reported through IssueReporting, so they show up in Swift Testing and XCTest.
/// Link the `IssueReportingTestSupport` product into your test target: without it Swift Testing
/// would never hear of a failure, so the first TestStore of such a process stops it and says so.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  let store: Store<State, Action>
  let recorder: ReceivedActionRecorder<State, Action>
  /// Where the test made the store: a store released with work left reports there.
  private let creation: CallSite
  /// Effects the test no longer has to account for: skipped with ``skipInFlightEffects(strict:fileID:filePath:line:column:)``,
  /// or already reported by `finish()`.
  var untrackedEffects: Set<UInt64> = []

  /// The state the test has accounted for so far: what an exhaustive assertion starts from.
  var accountedState: State

  /// The store's state, as a test reads it between assertions.
  ///
  /// With ``exhaustivity`` off, the store's current state, as in TCA: after
  /// `await clock.advance(by: .seconds(30))`, thirty ticks of a timer show, received or not.
  /// With it on, the state the test has accounted for: the actions received but not yet
  /// asserted (which `receive` must still take) have not changed it.
  public var state: State {
    exhaustivity == .on ? accountedState : store.state
  }

  /// Whether the feature dismissed itself: one of its effects called the `dismiss` dependency
  /// (``DismissEffect``) with no presenter around it, as when a child is tested alone. The
  /// dismissal ends the store's effects, as the parent's would; sending to the store afterwards
  /// is a failure.
  public var isDismissed: Bool { dismissal.isDismissed }
  private let dismissal: Dismissal

  /// Whether every change, action and effect must be asserted (``Exhaustivity/on``, the
  /// default), or only what the test asserts is checked (``Exhaustivity/off``).
  public var exhaustivity: Exhaustivity = .on

  /// Makes a test store that starts at `initialState`.
  ///
  /// `prepareDependencies` overrides dependencies for this test (``DependencyValues``): the
  /// generators (`uuid`, `date`, `withRandomNumberGenerator`) must be overridden under a test
  /// runner, e.g. `$0.uuid = .incrementing`. `initialState` is made under them, so a state
  /// whose initializer reads `@Dependency(\.uuid)` draws the test's ids.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    TestFailureRoute.requireReachableTestRunner()
    let recorder = ReceivedActionRecorder<State, Action>()
    self.recorder = recorder
    let dismissal = Dismissal()
    self.dismissal = dismissal
    var dependencies = DependencyValues.current
    // Before the test's own overrides, so that a test's `$0.dismiss` still wins.
    dependencies.dismiss = DismissEffect(unpresented: { [weak dismissal] in dismissal?.dismiss() })
    prepareDependencies?(&dependencies)
    let prepared = dependencies
    let startState = DependencyValues.$current.withValue(prepared) { initialState() }
    self.store = Store(
      initialState: startState, reducer: reducer, plugins: [recorder],
      withDependencies: { $0 = prepared })
    dismissal.cancelEffects = { [weak runtime = store.runtime] in runtime?.cancelAll() }
    // Its effects run on a counting executor, so that each send can wait for them to settle.
    let tracker = EffectTracker()
    EffectTracker.register(tracker)
    self.store.runtime.tracker = tracker
    self.accountedState = startState
    self.creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // NB: Not `isolated deinit`, which would hide the releasing test from IssueReporting
  //     (`onMainActorNow`).
  deinit {
    onMainActorNow {
      // What `finish()` would have said, at the line that made the store; then nothing may
      // keep running into the next test.
      reportLeftovers(at: creation)
      store.runtime.cancelAll()
    }
  }

  /// Sends `action`, and checks that the state changed exactly as `assert` says.
  ///
  /// `assert` receives the state before the action; mutate it into what you expect after.
  /// Without `assert`, the state must not change. With ``exhaustivity`` off, `assert` receives
  /// the state after the action instead, and only what it changes is checked.
  @discardableResult
  public func send(
    _ action: Action,
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      location.report(TestStoreMessages.sentAfterDismissal(action))
      return StoreTask(group: nil)
    }
    if !recorder.received.isEmpty {
      reportUnasserted(TestStoreMessages.mustHandleReceived(recorder.received.map(\.action)), at: location)
      // Account for them so that the next assertion compares against the right state.
      acceptReceived(count: recorder.received.count)
    }
    let task = store.send(action)
    let actual = recorder.lastSent?.state ?? store.state
    recorder.lastSent = nil
    expect(state: actual, after: action, assert: assert, at: location)
    await letStartedEffectsReachTheirFirstWait()
    return task
  }

  /// Checks that nothing is left: no action received but not asserted, no effect running.
  ///
  /// Running effects get up to `timeout` (real time) to end on their own first. Effects that
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` skipped are neither awaited
  /// nor reported. Once `finish()` has reported something, the store does not report it again
  /// when it is released.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if trackedRunningEffects.count > 0 {
      let runtime = store.runtime
      let untracked = untrackedEffects
      _ = await withTimeout(timeout) { await runtime.idle(ignoring: untracked) }
    }
    reportLeftovers(at: location)
  }

  /// Skips the actions received so far without asserting them, keeping their state.
  public func skipReceivedActions() {
    acceptReceived(count: recorder.received.count)
  }

  /// Stops tracking the effects running now, without cancelling them: `finish()` and the
  /// store's release no longer fail for them.
  ///
  /// The actions they send later still arrive, and (with ``exhaustivity`` on) must still be
  /// received. With `strict`, calling it when no effect is running is a failure.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let running = trackedRunningEffects
    guard !running.isEmpty else {
      if strict { location.report("There were no in-flight effects to skip.") }
      return
    }
    noteSkipped(TestStoreMessages.skippedEffects(startedBy: running.map(\.startedBy)), at: location)
    untrackedEffects.formUnion(running.map(\.id))
  }

  /// The running effects that the test still has to account for, oldest first.
  private var trackedRunningEffects: [(id: UInt64, startedBy: Action)] {
    store.runtime.runningEffects.filter { !untrackedEffects.contains($0.id) }
  }

  /// Reports the actions not received and the effects still running, then accounts for them,
  /// so that they are reported once.
  private func reportLeftovers(at location: CallSite) {
    let running = trackedRunningEffects
    let messages = TestStoreMessages.leftovers(
      received: recorder.received.map(\.action),
      runningEffectsStartedBy: running.map(\.startedBy)
    )
    for message in messages { reportUnasserted(message, at: location) }
    acceptReceived(count: recorder.received.count)
    untrackedEffects.formUnion(running.map(\.id))
  }

  /// Takes the first `count` received actions off the queue, keeping the state they left.
  func acceptReceived(count: Int) {
    guard count > 0 else { return }
    accountedState = recorder.received[count - 1].state
    recorder.received.removeFirst(count)
  }

  /// Waits until every effect started so far has run up to a suspension, then yields once
  /// more for work they handed to the main actor, so that a clock advanced next finds their
  /// sleeps registered. Effects that keep running (a loop of `Task.yield()`, say) are given a
  /// thousand more steps (``EffectTracker/waitUntilQuiet(jobLimit:)``), and a body stuck in one
  /// step 30 seconds, and then the test goes on without waiting for them.
  func letStartedEffectsReachTheirFirstWait() async {
    if let tracker = store.runtime.tracker, !tracker.isQuiet {
      _ = await withTimeout(.seconds(30)) {
        await tracker.waitUntilQuiet()
        return true
      }
    }
    await Task.yield()
  }
}

/// Where a ``TestStore`` keeps the dismissal of the feature it tests: made before the store,
/// whose dependencies hold the `dismiss` that sets it.
@MainActor
private final class Dismissal {
  private(set) var isDismissed = false
  var cancelEffects: () -> Void = {}

  func dismiss() {
    isDismissed = true
    cancelEffects()
  }
}
