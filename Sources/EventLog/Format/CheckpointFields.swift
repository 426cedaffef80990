import JSONCodec

/// The digest of one top-level member of a state's canonical JSON, as a checkpoint's
/// `"fields"` member carries it.
package struct FieldDigest: Sendable, Equatable {
  /// The member's key: for a synthesized `Codable` state, the property's name.
  package var key: String
  /// FNV-1a 64 of the member's value in canonical JSON.
  package var digest: UInt64

  package init(key: String, digest: UInt64) {
    self.key = key
    self.digest = digest
  }
}

/// The `"fields"` member of a checkpoint line that does not carry the state: one digest per
/// top-level member of the state, so that a replay that diverges there can name the fields that
/// differ, though the log does not hold their values.
///
/// `"fields":{"items":"2ed29a4f8e7bfa9d","notes":"…","total":"…"}`
///
/// Each digest is the FNV-1a 64 of the member's value in canonical JSON (``StateDigest``): the
/// very bytes the value has inside the state's canonical JSON. Keys come in canonical (sorted)
/// order. A state whose top level is not an object, or an empty one, has no `"fields"`.
enum CheckpointFields {
  /// The digests of the members of `tree`, which is canonical (`JSONValue.canonicalized`);
  /// `nil` when it is not an object with members.
  static func digests(ofCanonical tree: JSONValue, encoder: LogJSONEncoder) throws(LogCodecError) -> [FieldDigest]? {
    guard case .object(let object) = tree, !object.isEmpty else { return nil }
    var digests: [FieldDigest] = []
    digests.reserveCapacity(object.count)
    var bytes: [UInt8] = []
    for member in object {
      bytes.removeAll(keepingCapacity: true)
      try encoder.serialize(member.value, into: &bytes)
      digests.append(FieldDigest(key: member.key, digest: StateDigest.fnv1a64(bytes)))
    }
    return digests
  }

  /// The digests of a state parsed from a log (a snapshot), which need not be canonical.
  static func digests(ofParsed value: JSONValue) -> [FieldDigest]? {
    try? digests(ofCanonical: value.canonicalized, encoder: LogJSONEncoder())
  }

  /// Appends `,"fields":{"key":"hex",…}`.
  static func append(_ fields: [FieldDigest], to buffer: inout [UInt8]) {
    JSONBytes.append(#","fields":{"#, to: &buffer)
    for (index, field) in fields.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(field.key, into: &buffer)
      JSONBytes.append(#":""#, to: &buffer)
      buffer.append(contentsOf: StateDigest.hex(field.digest).utf8)
      buffer.append(UInt8(ascii: "\""))
    }
    buffer.append(UInt8(ascii: "}"))
  }

  /// The digests of a checkpoint's `"fields"` member.
  static func parse(_ value: JSONValue) throws(LogLineParser.Problem) -> [FieldDigest] {
    guard let object = value.objectValue else { throw .malformed(#"the checkpoint's "fields" is not an object"#) }
    var fields: [FieldDigest] = []
    fields.reserveCapacity(object.count)
    for member in object {
      guard let text = member.value.stringValue, let digest = StateDigest.parseHex(text) else {
        throw .malformed(#"the checkpoint's "fields": "\#(member.key)" is not 16 lowercase hex digits"#)
      }
      fields.append(FieldDigest(key: member.key, digest: digest))
    }
    return fields
  }

  /// The keys whose digests differ, or that only one side has, in canonical order.
  static func differing(recorded: [FieldDigest], replayed: [FieldDigest]) -> [String] {
    var recordedDigests: [String: UInt64] = [:]
    for field in recorded where recordedDigests[field.key] == nil { recordedDigests[field.key] = field.digest }
    var keys = Set<String>()
    for field in replayed where recordedDigests[field.key] != field.digest { keys.insert(field.key) }
    let replayedKeys = Set(replayed.map(\.key))
    for field in recorded where !replayedKeys.contains(field.key) { keys.insert(field.key) }
    return keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}
