import JSONCodec
import Store

/// A range of a log as the Redux DevTools app imports it (its "lifted state", the JSON its own
/// export writes): `@@INIT` and then each event as a performed action, whose `type` is its case
/// path and whose `payload` is the action as logged, and the state after each, so that a user
/// of that tool can open a Refold session in it and travel through it there.
struct ReduxLiftedState {
  let json: JSONValue

  /// - Parameters:
  ///   - events: the range's events, in order.
  ///   - states: the state before the first event and after each: one more than the events.
  init(events: [LogEvent], states: [JSONValue], caseOf: (UnsafeRawBufferPointer) -> String) throws {
    precondition(states.count == events.count + 1, "a state before the first event and one after each")
    let encoder = LogJSONEncoder()
    func milliseconds(_ t: Double) -> JSONValue { .double((t * 1000).rounded()) }
    var actions: [JSONObject.Member] = [
      .init(
        key: "0",
        value: .object([
          "type": .string("PERFORM_ACTION"),
          "action": .object(["type": .string("@@INIT")]),
          "timestamp": milliseconds(events.first?.t ?? 0),
        ]))
    ]
    for (position, event) in events.enumerated() {
      let json = try encoder.serialize(event.action)
      let action: JSONValue = .object([
        "type": .string(json.withUnsafeBytes { caseOf($0) }),
        "payload": event.action,
        "seq": .uint(event.seq),
        "origin": .string(event.origin.rawValue),
      ])
      actions.append(
        .init(
          key: "\(position + 1)",
          value: .object(["type": .string("PERFORM_ACTION"), "action": action, "timestamp": milliseconds(event.t)])))
    }
    let ids = (0...events.count).map { JSONValue.int(Int64($0)) }
    json = .object([
      "monitorState": .object([:]),
      "nextActionId": .int(Int64(events.count + 1)),
      "actionsById": .object(JSONObject(actions)),
      "stagedActionIds": .array(ids),
      "skippedActionIds": .array([]),
      "committedState": states[0],
      "currentStateIndex": .int(Int64(events.count)),
      "computedStates": .array(states.map { .object(["state": $0]) }),
      "isLocked": .bool(false),
      "isPaused": .bool(false),
    ])
  }
}
