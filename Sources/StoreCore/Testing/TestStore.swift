import CustomDump
import IssueReporting

/// A store for tests that makes you account for everything a feature does.
///
/// ```swift
/// @Test func searchDebounces() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch(search: .mock, clock: clock))
///   await store.send(.queryChanged("new jeans")) { $0.query = "new jeans" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.searchResponse(.success([hypeBoy]))) { $0.results = [hypeBoy] }
///   await store.finish()
/// }
/// ```
///
/// It is exhaustive. Each of these is a test failure with a readable diff:
/// - a state change that `send` or `receive` did not assert;
/// - an action received from an effect that the test did not `receive` before its next `send`
///   or `finish()`;
/// - a `receive` whose action never arrives within its timeout;
/// - an effect still running at ``finish(timeout:fileID:filePath:line:column:)``.
///
/// `send` and `receive` return only once every effect started so far has run up to a
/// suspension point (its effect tasks run on a counting executor), so a `TestClock` advanced
/// next always finds their sleeps registered, however busy the machine is.
///
/// Failures are reported through IssueReporting, so they show up in Swift Testing and XCTest.
/// Link the `IssueReportingTestSupport` product into your test target.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  private let store: Store<State, Action>
  private let recorder: ReceivedActionRecorder<State, Action>
  /// The state the test has accounted for so far.
  public private(set) var state: State

  public init<R: Reducer>(
    initialState: State,
    reducer: R
  ) where R.State == State, R.Action == Action {
    let recorder = ReceivedActionRecorder<State, Action>()
    self.recorder = recorder
    self.store = Store(initialState: initialState, reducer: reducer, plugins: [recorder])
    // Its effects run on a counting executor, so that each send can wait for them to settle.
    let tracker = EffectTracker()
    EffectTracker.register(tracker)
    self.store.runtime.tracker = tracker
    self.state = initialState
  }

  /// Sends `action`, and checks that the state changed exactly as `assert` says.
  ///
  /// `assert` receives the state before the action; mutate it into what you expect after.
  /// Without `assert`, the state must not change.
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
    if !recorder.received.isEmpty {
      location.report(
        """
        Must handle \(recorder.received.count) received action(s) before sending an action:

        \(describe(recorder.received.map(\.action)))
        """
      )
      // Account for them so that the next assertion compares against the right state.
      state = recorder.received.last!.state
      recorder.received.removeAll()
    }
    let task = store.send(action)
    let actual = recorder.lastSent?.state ?? store.state
    recorder.lastSent = nil
    expect(state: actual, after: action, assert: assert, at: location)
    await letStartedEffectsReachTheirFirstWait()
    return task
  }

  /// Waits for `action` to arrive from an effect, and checks the state change it made.
  ///
  /// Fails when a different action arrives first, or when nothing arrives within `timeout`.
  /// The wait is one timed suspension, not a polling loop; effects on a `TestClock` advance
  /// only when the test advances the clock.
  public func receive(
    _ action: Action,
    timeout: Duration = .seconds(1),
    assert: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard await recorder.waitForReceived(timeout: timeout) else {
      location.report(
        """
        Expected to receive an action, but received none after \(timeout):

        \(describe([action]))
        """
      )
      return
    }
    let received = recorder.received.removeFirst()
    await letStartedEffectsReachTheirFirstWait()
    if received.action != action {
      location.report(
        """
        Received an unexpected action: …

        \(diff(action, received.action).map { "\($0)\n\n(Expected: −, Received: +)" } ?? describe([received.action]))
        """
      )
    }
    expect(state: received.state, after: received.action, assert: assert, at: location)
  }

  /// Checks that nothing is left: no action received but not asserted, no effect running.
  ///
  /// Running effects get up to `timeout` to end on their own first.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if store.runtime.runningCount > 0 {
      let runtime = store.runtime
      _ = await withTimeout(timeout) { await runtime.idle() }
    }
    if !recorder.received.isEmpty {
      location.report(
        """
        The store received \(recorder.received.count) unexpected action(s) that the test did \
        not assert with "receive":

        \(describe(recorder.received.map(\.action)))
        """
      )
      state = recorder.received.last!.state
      recorder.received.removeAll()
    }
    let stillRunning = store.runtime.actionsWithRunningEffects
    if !stillRunning.isEmpty {
      location.report(
        """
        \(stillRunning.count) effect(s) are still running after \(timeout). They were started \
        by:

        \(describe(stillRunning))

        Wait for them with "receive", cancel them, or advance the clock they wait on.
        """
      )
    }
  }

  /// Waits until every effect started so far has run up to a suspension, then yields once
  /// more for work they handed to the main actor, so that a clock advanced next finds their
  /// sleeps registered. Effects that keep running (a loop of `Task.yield()`, say) are given a
  /// thousand more steps (``EffectTracker/waitUntilQuiet(jobLimit:)``), and a body stuck in one
  /// step 30 seconds, and then the test goes on without waiting for them.
  private func letStartedEffectsReachTheirFirstWait() async {
    if let tracker = store.runtime.tracker, !tracker.isQuiet {
      _ = await withTimeout(.seconds(30)) {
        await tracker.waitUntilQuiet()
        return true
      }
    }
    await Task.yield()
  }

  /// Skips the actions received so far without asserting them, keeping their state.
  public func skipReceivedActions() {
    guard let last = recorder.received.last else { return }
    state = last.state
    recorder.received.removeAll()
  }

  private func expect(
    state actual: State,
    after action: Action,
    assert: ((inout State) throws -> Void)?,
    at location: CallSite
  ) {
    var expected = state
    do {
      try assert?(&expected)
    } catch {
      location.report("Threw error in the assertion of \(describe([action])): \(error)")
    }
    if expected != actual {
      let difference =
        diff(expected, actual, format: .proportional)
        .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? "    \(String(customDumping: actual))"
      let what = assert == nil ? "State was not expected to change, but a change occurred" : "A state change does not match expectation"
      location.report("\(what) after \(describe([action])): …\n\n\(difference)")
    }
    state = actual
  }
}

private func describe<Action>(_ actions: [Action]) -> String {
  actions.map { String(customDumping: $0).indent(by: 4) }.joined(separator: "\n")
}

extension String {
  fileprivate func indent(by count: Int) -> String {
    let padding = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : padding + $0 }
      .joined(separator: "\n")
  }
}
