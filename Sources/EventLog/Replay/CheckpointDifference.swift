import CustomDump
import JSONCodec
import StoreCore

/// How a replayed state differs from the checkpoint it does not match, as far as the log can
/// tell: which top-level fields differ (from the line's field digests, or from its state), and
/// either a diff of recorded against replayed, when the line holds the state, or else the
/// replayed values of those fields alone. Computed only once a digest has not matched.
struct CheckpointDifference<State: Codable> {
  /// ``ReplayDivergence/differingFields``.
  private(set) var fields: [String]?
  /// ``ReplayDivergence/diff``.
  private(set) var diff: String?
  /// ``ReplayDivergence/replayedValues``.
  private(set) var replayedValues: String?

  init(checkpoint: LogCheckpoint, replayed: State, decoder: LogJSONDecoder) {
    let replayed = Redaction.apply(replayed)
    let tree = try? StateDigest.canonicalTree(of: replayed)
    let replayedFields = tree.flatMap { try? CheckpointFields.digests(ofCanonical: $0, encoder: LogJSONEncoder()) }
    let recordedFields = checkpoint.fields ?? checkpoint.state.flatMap(CheckpointFields.digests(ofParsed:))
    if let recordedFields, let replayedFields {
      fields = CheckpointFields.differing(recorded: recordedFields, replayed: replayedFields)
    }
    let replayedObject = tree?.objectValue ?? JSONObject()
    if let recorded = checkpoint.state {
      if let recordedState = try? decoder.decode(State.self, from: recorded) {
        diff = CustomDump.diff(recordedState, replayed) ?? "(no difference in the decoded values; the encodings differ)"
      } else if let fields, !fields.isEmpty, let recordedObject = recorded.canonicalized.objectValue {
        // The recorded state no longer decodes (its type changed): the fields' JSON, then.
        diff = Self.jsonDiff(fields, recorded: recordedObject, replayed: replayedObject)
      }
    } else if let fields, !fields.isEmpty {
      replayedValues = Self.dump(fields, of: replayed, json: replayedObject)
    }
  }

  /// `key: value` for each field, indented by two: custom-dump's rendering of the property of
  /// that name, or the field's JSON when no stored property bears its name (custom
  /// `CodingKeys`).
  private static func dump(_ keys: [String], of state: State, json: JSONObject) -> String {
    let children = Mirror(reflecting: state).children
    return keys.map { key in
      // A property wrapper (`@Shared var session`) is stored as `_session`.
      if let child = children.first(where: { $0.label == key || $0.label == "_" + key }) {
        var text = ""
        customDump(child.value, to: &text, name: key, indent: 2)
        return text
      }
      guard let value = json[key] else { return "  \(key): (the replayed state has no such field)" }
      return "  \(key): \(text(of: value))"
    }.joined(separator: "\n")
  }

  /// Recorded (−) against replayed (+), field by field, as JSON.
  private static func jsonDiff(_ keys: [String], recorded: JSONObject, replayed: JSONObject) -> String {
    keys.flatMap { key in
      [recorded[key].map { "-   \(key): \(text(of: $0))" }, replayed[key].map { "+   \(key): \(text(of: $0))" }]
        .compactMap { $0 }
    }.joined(separator: "\n")
  }

  private static func text(of value: JSONValue) -> String {
    (try? LogJSONEncoder().serialize(value)).map { String(decoding: $0, as: UTF8.self) } ?? "(not encodable)"
  }
}
