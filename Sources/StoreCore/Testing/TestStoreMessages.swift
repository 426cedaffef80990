import CustomDump

/// The text of the ``TestStore``'s failures, in one place so that `finish()` and a store
/// released with work left say exactly the same thing.
enum TestStoreMessages {
  /// What is left when a test ends: actions received but not asserted, effects still running.
  /// `finish()` reports these, and so does a store released without `finish()`.
  static func leftovers<Action>(received: [Action], runningEffectsStartedBy starters: [Action]) -> [String] {
    var messages: [String] = []
    if !received.isEmpty {
      messages.append(
        """
        The store received \(received.count) unexpected action(s) that the test did not assert \
        with "receive":

        \(describe(received))
        """
      )
    }
    if !starters.isEmpty {
      messages.append(
        """
        \(starters.count) effect(s) are still running. They were started by:

        \(describe(starters))

        Wait for them with "receive", cancel them, advance the clock they wait on, or skip them \
        with "skipInFlightEffects()".
        """
      )
    }
    return messages
  }

  static func sentAfterDismissal<Action>(_ action: Action) -> String {
    """
    Cannot send an action to a feature that dismissed itself: it called "dismiss()" earlier, \
    after which its parent would have removed it. The action was not sent:

    \(describe([action]))
    """
  }

  static func mustHandleReceived<Action>(_ actions: [Action]) -> String {
    """
    Must handle \(actions.count) received action(s) before sending an action:

    \(describe(actions))
    """
  }

  /// `receive` waited `timeout` for a matching action: on the injected ``VirtualClock`` (as far
  /// as its sleeps went), then in real time. Without one, the hint matters: nothing advances a
  /// clock the test holds while the test waits here.
  static func noneReceived(
    expected: String,
    timeout: Duration,
    virtualWait: VirtualWait?,
    effectsRunning: Bool
  ) -> String {
    let waited: String
    let hint: String
    if let virtualWait {
      let moved =
        virtualWait.from == virtualWait.to
        ? "it stayed at \(virtualWait.from)" : "it went from \(virtualWait.from) to \(virtualWait.to)"
      waited = "within \(timeout) of the VirtualClock's time (\(moved)) and \(timeout) of real time"
      if let next = virtualWait.nextDeadline {
        hint = """
          An effect sleeps on the clock until \(next), after the timeout. If the action comes \
          then, give "receive" a longer timeout or advance the clock first.
          """
      } else if effectsRunning {
        hint = "Effects are still running, but none sleeps on the clock: they wait on something else."
      } else {
        hint = "No effect is running that could send it. Was the effect cancelled?"
      }
    } else {
      waited = "after \(timeout)"
      hint =
        effectsRunning
        ? """
          Effects are still running. If the one that sends this action waits on a clock, advance \
          the clock before "receive": the timeout is real time, and a VirtualClock moves only \
          when the test advances it (or, given as the store's continuousClock dependency, when \
          "receive" waits).
          """
        : "No effect is running that could send it. Was the effect cancelled?"
    }
    return """
      Expected to receive an action, but received none \(waited):

      \(expected)

      \(hint)
      """
  }

  static func unexpectedReceived(_ description: String) -> String {
    "Received an unexpected action: …\n\n\(description)"
  }

  static func stateMismatch<State, Action>(
    expected: State,
    actual: State,
    asserted: Bool,
    after action: Action
  ) -> String {
    let difference = differenceText(expected, actual) ?? "    \(String(customDumping: actual))"
    let what =
      asserted
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    return "\(what) after \(describe([action])): …\n\n\(difference)"
  }

  static func assertionMismatch<State>(expected: State, actual: State) -> String {
    let difference = differenceText(expected, actual) ?? ""
    return "The store's state does not match the assertion: …\n\n\(difference)"
  }

  /// The indented diff of two states with its legend; nil when they dump the same.
  private static func differenceText<State>(_ expected: State, _ actual: State) -> String? {
    diff(expected, actual, format: .proportional).map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
  }

  static func skippedReceived<Action>(_ actions: [Action]) -> String {
    "\(actions.count) received action(s) were skipped:\n\n\(describe(actions))"
  }

  static func skippedEffects<Action>(startedBy starters: [Action]) -> String {
    """
    \(starters.count) in-flight effect(s) are no longer tracked. They were started by:

    \(describe(starters))
    """
  }

  /// How a check that exhaustivity `.off(showSkippedAssertions: true)` let pass is shown.
  static func skipped(_ message: String) -> String {
    "Skipped assertions: …\n\n\(message)"
  }
}

func describe<Action>(_ actions: [Action]) -> String {
  actions.map { String(customDumping: $0).indent(by: 4) }.joined(separator: "\n")
}

extension String {
  func indent(by count: Int) -> String {
    let padding = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : padding + $0 }
      .joined(separator: "\n")
  }
}
