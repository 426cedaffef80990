import IssueReporting

extension TestStore {
  /// Checks the state an action left against what `assert` says, as ``exhaustivity`` asks:
  /// - on: `assert` turns the accounted state (before the action) into the whole expected one;
  /// - off: `assert` is applied to the actual state, so only what it sets is checked. With
  ///   `showSkippedAssertions`, what the exhaustive check would have found is noted too.
  ///
  /// Either way the actual state is accounted for afterwards.
  func expect(
    state actual: State,
    after action: Action,
    assert: ((inout State) throws -> Void)?,
    at location: CallSite
  ) {
    defer { accountedState = actual }
    func mismatch(_ expected: State) -> String {
      TestStoreMessages.stateMismatch(expected: expected, actual: actual, asserted: assert != nil, after: action)
    }
    switch exhaustivity {
    case .on:
      guard let expected = applying(assert, to: accountedState, after: action, at: location) else { return }
      if expected != actual { location.report(mismatch(expected)) }
    case let .off(showSkippedAssertions):
      guard let expected = applying(assert, to: actual, after: action, at: location) else { return }
      if expected != actual {
        // What the test did assert is always checked.
        location.report(mismatch(expected))
      } else if showSkippedAssertions,
        let exhaustive = applying(assert, to: accountedState, after: action, at: location),
        exhaustive != actual
      {
        noteSkipped(mismatch(exhaustive), at: location)
      }
    }
  }

  /// `state` as `assert` leaves it, or nil (reported) when `assert` throws.
  private func applying(
    _ assert: ((inout State) throws -> Void)?,
    to state: State,
    after action: Action,
    at location: CallSite
  ) -> State? {
    applying(assert, to: state, in: "the assertion of \(describe([action]))", at: location)
  }

  /// `state` as `assert` leaves it, or nil (reported, naming `what`) when `assert` throws.
  func applying(
    _ assert: ((inout State) throws -> Void)?,
    to state: State,
    in what: @autoclosure () -> String,
    at location: CallSite
  ) -> State? {
    var state = state
    do {
      // A store that shares nothing folds without a registry, and so does its assertion.
      guard store.holdsShared else {
        try assert?(&state)
        return state
      }
      // A shared field the test sets reaches the other fields of its key, as in the store;
      // the writes go to a copy of the store's shared values, never to a file or another store.
      let shared = store.sharedValues.copyForAssertions()
      _ = try shared.fold(&state) { try assert?(&$0) }
      return state
    } catch {
      location.report("Threw error in \(what()): \(error)")
      return nil
    }
  }

  /// Reports something the test did not assert: a failure when exhaustive, otherwise a note
  /// when ``Exhaustivity/off(showSkippedAssertions:)`` asks to see skipped assertions.
  func reportUnasserted(_ message: String, at location: CallSite) {
    if exhaustivity == .on {
      location.report(message)
    } else {
      noteSkipped(message, at: location)
    }
  }

  /// Shows a check that the test skipped, as a known issue: visible in the results, not a
  /// failure. Only with `.off(showSkippedAssertions: true)`.
  func noteSkipped(_ message: String, at location: CallSite) {
    guard exhaustivity == .off(showSkippedAssertions: true) else { return }
    withExpectedIssue(
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    ) {
      location.report(TestStoreMessages.skipped(message))
    }
  }
}
