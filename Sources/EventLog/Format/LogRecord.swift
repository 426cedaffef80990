package import JSONCodec
public import StoreCore
/// One line of an event log, parsed and checked.
public enum LogRecord: Sendable, Equatable {
  /// The first line.
  case header(LogHeader)
  /// One folded action.
  case event(LogEvent)
  /// A digest of the state after an event, sometimes with the full state.
  case checkpoint(LogCheckpoint)
}

/// An event line: `{"seq":1,"t":1763740800.123,"origin":"send","action":{…},"crc":"…"}`, with
/// `"during":N` before `"action"` when the action was sent while the store was folding seq N
/// (`ReentrantSend`), `"draws":[…]` before `"action"` when the reducer drew values (`Draw`)
/// while it folded it, and `"from":{…}` before `"action"` when the store recorded where the
/// action was sent from (`SendSite`).
public struct LogEvent: Sendable, Equatable {
  /// 1, 2, 3 … with no gaps.
  public var seq: UInt64
  /// Wall-clock seconds since 1970 when the action was committed.
  public var t: Double
  public var origin: ActionOrigin
  /// The action in its `Codable` shape, e.g. `{"textChanged":{"_0":"1234"}}`.
  package var action: JSONValue
  /// What the reducer drew while it folded the action, in order; replay hands them back.
  public var draws: [Draw]
  /// The seq of the action the store was folding when this one was sent (a re-entrant send,
  /// `ReentrantSend`); `nil` for nearly every event. Replay does not need it: the order of
  /// the events is the order of the folds.
  public var sentDuring: UInt64?
  /// Where the action was sent from, when the recording store recorded it (`recordsSendSites`,
  /// debug builds only). Replay does not need it.
  public var site: SendSite?
  /// The 1-based line number in the file.
  public var line: Int

  package init(
    seq: UInt64, t: Double, origin: ActionOrigin, action: JSONValue, draws: [Draw] = [], sentDuring: UInt64? = nil,
    site: SendSite? = nil, line: Int
  ) {
    self.seq = seq
    self.t = t
    self.origin = origin
    self.action = action
    self.draws = draws
    self.sentDuring = sentDuring
    self.site = site
    self.line = line
  }

  /// The action's case name: the single key of a synthesized enum's JSON (`textChanged`), the
  /// text of a string, or `nil` for any other shape.
  public var actionName: String? {
    switch action {
    case .object(let object) where object.count == 1: object[0].key
    case .string(let string): string
    default: nil
    }
  }

  /// The action as compact JSON.
  public var actionJSON: String {
    (try? LogJSONEncoder().serialize(action)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

/// A checkpoint line: `{"checkpoint":1000,"digest":"…","fields":{…},"crc":"…"}`, with
/// `"state":{…}` instead of `"fields"` at every snapshot interval, at the end of a session, and
/// wherever the state is small (1 KiB or less, encoded).
public struct LogCheckpoint: Sendable, Equatable {
  /// The seq of the event whose resulting state this is.
  public var seq: UInt64
  /// FNV-1a 64 of the canonical JSON of the redacted state.
  public var digest: UInt64
  /// The digest of each top-level member of the state (``CheckpointFields``), when the line
  /// does not carry the state; `nil` in logs written before there were any.
  package var fields: [FieldDigest]?
  /// The full state (redacted, keys sorted), at snapshot checkpoints and wherever it is small.
  package var state: JSONValue?
  /// The 1-based line number in the file.
  public var line: Int

  package init(seq: UInt64, digest: UInt64, fields: [FieldDigest]? = nil, state: JSONValue?, line: Int) {
    self.seq = seq
    self.digest = digest
    self.fields = fields
    self.state = state
    self.line = line
  }

  /// Whether the line carries the full state, so replay can start here when it is a snapshot.
  public var hasState: Bool { state != nil }

  /// The digest as the line writes it: 16 lowercase hex digits.
  public var digestHex: String { StateDigest.hex(digest) }
}

// MARK: - Writing event and checkpoint lines

/// Builds event and checkpoint lines into a reusable buffer.
package enum LogLineWriter {
  /// Appends `{"seq":…,"t":…,"origin":…[,"during":…][,"draws":…][,"from":…],"action":…,"crc":…}\n`,
  /// the action redacted.
  package static func appendEvent<Action: Encodable>(
    seq: UInt64, t: Double, origin: ActionOrigin, action: Action, draws: [Draw]? = nil, sentDuring: UInt64? = nil,
    site: SendSite? = nil, encoder: LogJSONEncoder, into buffer: inout [UInt8]
  ) throws {
    try appendEvent(seq: seq, t: t, origin: origin, draws: draws, sentDuring: sentDuring, site: site, into: &buffer) {
      try encoder.encode(Redaction.apply(action), into: &$0)
    }
  }

  /// ``appendEvent(seq:t:origin:action:draws:sentDuring:site:encoder:into:)`` with the action's
  /// JSON appended by `appendAction` (the recorder's, which keeps recent actions' JSON).
  package static func appendEvent(
    seq: UInt64, t: Double, origin: ActionOrigin, draws: [Draw]?, sentDuring: UInt64?, site: SendSite?,
    into buffer: inout [UInt8], appendAction: (inout [UInt8]) throws -> Void
  ) throws {
    let start = buffer.count
    JSONBytes.append(#"{"seq":"#, to: &buffer)
    JSONBytes.appendDecimal(seq, to: &buffer)
    JSONBytes.append(#","t":"#, to: &buffer)
    appendTime(t, to: &buffer)
    let hasDraws = draws.map { !$0.isEmpty } ?? false
    if hasDraws || sentDuring != nil || site != nil {
      // NB: The unusual events leave the fixed prefix that the reader's fast path matches, and
      //     take its general path, which reads fields by name.
      JSONBytes.append(origin == .send ? #","origin":"send","# : #","origin":"effect","#, to: &buffer)
      if let sentDuring {
        JSONBytes.append(#""during":"#, to: &buffer)
        JSONBytes.appendDecimal(sentDuring, to: &buffer)
        buffer.append(UInt8(ascii: ","))
      }
      if let draws, hasDraws { EventDraws.append(draws, to: &buffer) }
      if let site { EventSite.append(site, to: &buffer) }
      JSONBytes.append(#""action":"#, to: &buffer)
    } else {
      JSONBytes.append(origin == .send ? #","origin":"send","action":"# : #","origin":"effect","action":"#, to: &buffer)
    }
    do {
      try appendAction(&buffer)
    } catch {
      buffer.removeSubrange(start...)
      throw error
    }
    LogLine.seal(&buffer, payloadStart: start)
  }

  /// A state whose canonical JSON is at most this many bytes is written whole at every
  /// checkpoint, not only at snapshots, so that a replay that diverges there diffs recorded
  /// against replayed exactly. NB: The `"fields"` it replaces cost 22 bytes and the key a
  /// member, so a small state costs little more (W4's counter: 23 bytes against 38), and a
  /// checkpoint comes once in `checkpointInterval` events (1,000 by default): at most about a
  /// byte an event.
  package static var smallStateBytes: Int { 1024 }

  /// Appends the checkpoint for a state: the whole state when `snapshot` is set or the state is
  /// small, else the digest of each top-level field. `tree` is ``StateDigest/canonicalTree(of:)``.
  /// Returns the length of the state's canonical JSON. Appends nothing when it throws.
  package static func appendCheckpoint(
    seq: UInt64, state tree: JSONValue, snapshot: Bool, encoder: LogJSONEncoder, into buffer: inout [UInt8]
  ) throws(LogCodecError) -> Int {
    let canonical = try encoder.serialize(tree)
    let includeState = snapshot || canonical.count <= smallStateBytes
    let fields = includeState ? nil : try CheckpointFields.digests(ofCanonical: tree, encoder: encoder)
    appendCheckpoint(seq: seq, canonicalState: canonical, includeState: includeState, fields: fields, into: &buffer)
    return canonical.count
  }

  /// Appends `{"checkpoint":…,"digest":…[,"fields":…][,"state":…],"crc":…}\n`. `canonicalState`
  /// is the output of ``StateDigest/canonicalJSON(of:)``; the digest is computed from it.
  package static func appendCheckpoint(
    seq: UInt64, canonicalState: [UInt8], includeState: Bool, fields: [FieldDigest]? = nil, into buffer: inout [UInt8]
  ) {
    let start = buffer.count
    JSONBytes.append(#"{"checkpoint":"#, to: &buffer)
    JSONBytes.appendDecimal(seq, to: &buffer)
    JSONBytes.append(#","digest":""#, to: &buffer)
    buffer.append(contentsOf: StateDigest.hex(StateDigest.fnv1a64(canonicalState)).utf8)
    buffer.append(UInt8(ascii: "\""))
    if let fields { CheckpointFields.append(fields, to: &buffer) }
    if includeState {
      JSONBytes.append(#","state":"#, to: &buffer)
      buffer.append(contentsOf: canonicalState)
    }
    LogLine.seal(&buffer, payloadStart: start)
  }

  /// `t` for an action committed at `seconds` + `nanoseconds` since 1970, in microseconds: the
  /// `Double` nearest to that many microseconds, so that ``appendTime(_:to:)`` writes it from
  /// its digits.
  package static func time(seconds: Int, nanoseconds: Int) -> Double {
    let microseconds = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !microseconds.overflow, abs(microseconds.partialValue) < 1 << 53 else {
      return Double(seconds) + Double(nanoseconds / 1000) / 1_000_000
    }
    return Double(microseconds.partialValue + nanoseconds / 1000) / 1_000_000
  }

  /// Appends `t` as `JSONNumber` writes a `Double` (the shortest text that reads back as the
  /// same value, without a trailing `.0`), or `0` when it is not finite.
  ///
  /// An event's `t` is a whole number of microseconds: the double nearest to `N / 1,000,000`
  /// (``time(seconds:nanoseconds:)``). Below 2³² seconds (the year 2106) doubles are closer
  /// together than a microsecond, so `N`'s digits with the point six places from the right,
  /// trailing zeros dropped, are the one shortest text of that value: written here from the
  /// integer, with no `String` made. Every other value takes the general printer.
  static func appendTime(_ t: Double, to buffer: inout [UInt8]) {
    if t >= 1, t < 4_294_967_296 {
      let microseconds = (t * 1_000_000).rounded()
      if microseconds / 1_000_000 == t {
        let (seconds, fraction) = UInt64(microseconds).quotientAndRemainder(dividingBy: 1_000_000)
        JSONBytes.appendDecimal(seconds, to: &buffer)
        JSONBytes.appendMicroseconds(fraction, to: &buffer)
        return
      }
    }
    if !JSONNumber.append(t, to: &buffer) { buffer.append(UInt8(ascii: "0")) }
  }
}
