import IssueReporting
import JSONCodec

/// A value the reducer reads from outside its state and action (a permission the system
/// grants, a setting, a feature flag, a dependency client's synchronous answer), recorded so
/// that a log of it replays.
///
/// ```swift
/// case .locateButtonTapped:
///   let status = recordedRead("authorizationStatus") { location.authorizationStatus() }
///   guard status == .authorized else {
///     state.alert = .permissionNeeded
///     return .none
///   }
/// ```
///
/// While a recording store folds, `read` runs and its value is written into the event's line
/// (`"draws":[{"read":{"authorizationStatus":"denied"}}]`). A replay, and a test that
/// `refold test-gen` writes from the log, hand that value back without calling `read`: they
/// take the branch the recording took on any machine, whatever its own permissions. Anywhere
/// else (a store that records nothing, a test written by hand) it is `read()`.
///
/// - The name ties the recorded value to its read: a replay whose reducer reads another name,
///   or more or fewer values than were recorded, stops there and says so, as for `uuid`.
/// - The value is written as it is, never redacted: read no secret through it.
/// - Only what the reducer reads while it folds counts. An effect's reads need no recording:
///   what the effect makes of them comes back as an action, which the log holds.
public func recordedRead<Value: Codable & Sendable>(_ name: String, _ read: () -> Value) -> Value {
  guard let tape = DrawTape.current else { return read() }
  return tape.draw(
    Draw.read(name, .null).kind, live: read, standIn: read,
    wrap: { value in
      do {
        return .read(name, try JSONValue(encoding: value))
      } catch {
        reportIssue("recordedRead(\"\(name)\") cannot record \(value): \(error). A replay of this log stops here.")
        return .read(name, .null)
      }
    },
    unwrap: { draw in
      guard case .read(let recordedName, let json) = draw, recordedName == name else { return nil }
      return try? json.decode(as: Value.self)
    })
}
