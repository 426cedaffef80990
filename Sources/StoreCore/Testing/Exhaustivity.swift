/// How much a ``TestStore`` makes a test account for.
///
/// ```swift
/// let store = TestStore(initialState: App.State(), reducer: App())
/// store.exhaustivity = .off
/// await store.send(.login(.submitTapped))
/// await store.receive(App.Action.loginResponsePath) { $0.user = .mock }   // only `user` is checked
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every running effect must be asserted.
  case on

  /// Only what the test asserts is checked.
  ///
  /// - The closure of `send` and `receive` is applied to the state the store actually has, and
  ///   what it sets must hold; changes it does not mention pass. (Write `$0.count = 2`, not
  ///   `$0.count += 1`: the closure starts from the state after the action.)
  /// - `receive` passes over received actions that do not match until one does.
  /// - Actions left unreceived and effects left running at `finish()` or when the store is
  ///   released are not failures.
  ///
  /// With `showSkippedAssertions`, each thing passed over is recorded as a known issue
  /// (IssueReporting's `withExpectedIssue`, Swift Testing's `withKnownIssue`): it shows in the
  /// test's results without failing it.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and what it skips is not shown.
  public static let off = Self.off(showSkippedAssertions: false)
}
