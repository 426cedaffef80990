import JSONCodec
import StoreCore
/// Turns one line of a log into a record: the framing and checksum first, then the JSON, then
/// the fields. It has no state, so any number of threads can share one.
struct LogLineParser: Sendable {
  /// What is wrong with a line, before the reader adds the file, line and seq.
  enum Problem: Error {
    case framing(LogLine.Defect)
    case malformed(String)
    /// The line's JSON would take more than ``LogJSONDecoder/maxParsedBytes`` parsed.
    case tooLarge(String)
    case unknownKind(String)
  }

  let decoder = LogJSONDecoder()

  /// Parses the header line (`line` without its `\n`).
  func header(_ line: Span<UInt8>) throws(LogReadError.Detail) -> LogHeader {
    let looksLikeHeader = Self.hasPrefix(line, Token.header)
    if case .failure(let defect) = LogLine.payloadLength(of: line) {
      guard looksLikeHeader else { throw .init(.notALog, "not a Refold event log (its first line is not a log header)") }
      throw .init(.checksumMismatch, "the header's " + defect.message)
    }
    let value: JSONValue
    do {
      value = try decoder.parseJSONLine(line)
    } catch where error.kind == .tooLarge {
      throw .init(.lineTooLarge, Self.tooLarge(error))
    } catch {
      throw .init(looksLikeHeader ? .badHeader : .notALog, "the header is not valid JSON: \(error)")
    }
    do {
      return try LogHeader(parsing: value)
    } catch {
      switch error {
      case .notALog:
        throw .init(.notALog, "not a Refold event log (its first line has no \"format\":\"refold-log\")")
      case .unsupportedVersion(let message):
        throw .init(.unsupportedVersion, message)
      case .malformed(let message):
        throw .init(.badHeader, message)
      }
    }
  }

  /// Parses an event or checkpoint line.
  ///
  /// - Parameters:
  ///   - skipActionsThrough: events up to this seq come back with a `.null` action, unparsed;
  ///     their checksum and seq are still checked.
  ///   - parseTime: `false` leaves `t` at 0 on the fast path, for replay, which does not use it.
  func record(
    _ line: Span<UInt8>, number: Int, skipActionsThrough: UInt64 = 0, parseTime: Bool = true
  ) throws(Problem) -> LogRecord {
    let payload: Span<UInt8>
    switch LogLine.payloadLength(of: line) {
    case .success(let length): payload = line.extracting(0..<length)
    case .failure(let defect): throw .framing(defect)
    }
    if let prefix = Self.eventPrefix(payload), let t = parseTime ? prefix.time(payload) : 0 {
      if prefix.seq <= skipActionsThrough {
        return .event(LogEvent(seq: prefix.seq, t: t, origin: prefix.origin, action: .null, line: number))
      }
      // The common case: parse only the action. Anything unusual takes the general path.
      if let action = try? decoder.parseJSONLine(payload.extracting(prefix.action)) {
        return .event(LogEvent(seq: prefix.seq, t: t, origin: prefix.origin, action: action, line: number))
      }
    }
    return try general(line, number: number)
  }

  /// An event line as this package writes it, checked (framing, checksum, seq, `t`, origin),
  /// with its action still as the bytes of its JSON (`action`, a range of `line`): for a reader
  /// that may have decoded the same bytes before. `nil` for anything else, including every line
  /// ``record(_:number:skipActionsThrough:parseTime:)`` would reject: the caller then takes
  /// that path, which says what is wrong.
  func rawEvent(_ line: Span<UInt8>) -> (seq: UInt64, t: Double, origin: ActionOrigin, action: Range<Int>)? {
    guard case .success(let length) = LogLine.payloadLength(of: line) else { return nil }
    let payload = line.extracting(0..<length)
    guard let prefix = Self.eventPrefix(payload), let t = prefix.time(payload) else { return nil }
    return (prefix.seq, t, prefix.origin, prefix.action)
  }

  /// Parses the whole line as JSON and reads the fields by name, in any order.
  private func general(_ line: Span<UInt8>, number: Int) throws(Problem) -> LogRecord {
    let value: JSONValue
    do {
      value = try decoder.parseJSONLine(line)
    } catch where error.kind == .tooLarge {
      throw .tooLarge(Self.tooLarge(error))
    } catch {
      throw .malformed("invalid JSON: \(error)")
    }
    guard let object = value.objectValue, let first = object.first else {
      throw .malformed("the line is not a JSON object with members")
    }
    if object["seq"] != nil {
      guard let seq = object["seq"]?.uint64Value, seq > 0 else {
        throw .malformed("the event's \"seq\" is not a positive integer")
      }
      guard let t = object["t"]?.doubleValue else { throw .malformed("the event has no number \"t\"") }
      guard let originText = object["origin"]?.stringValue, let origin = ActionOrigin(rawValue: originText) else {
        throw .malformed("the event's \"origin\" is not \"send\" or \"effect\"")
      }
      guard let action = object["action"] else { throw .malformed("the event has no \"action\"") }
      let draws = try object["draws"].map { value throws(Problem) in try EventDraws.parse(value) } ?? []
      var sentDuring: UInt64?
      if let during = object["during"] {
        guard let duringSeq = during.uint64Value, duringSeq > 0, duringSeq < seq else {
          throw .malformed("the event's \"during\" is not the seq of an earlier event")
        }
        sentDuring = duringSeq
      }
      let site = try object["from"].map { value throws(Problem) in try EventSite.parse(value, seq: seq) }
      return .event(
        LogEvent(seq: seq, t: t, origin: origin, action: action, draws: draws, sentDuring: sentDuring, site: site, line: number))
    }
    if object["checkpoint"] != nil {
      guard let seq = object["checkpoint"]?.uint64Value else {
        throw .malformed("the checkpoint's \"checkpoint\" is not a seq")
      }
      guard let text = object["digest"]?.stringValue, let digest = StateDigest.parseHex(text) else {
        throw .malformed("the checkpoint's \"digest\" is not 16 lowercase hex digits")
      }
      let fields = try object["fields"].map { value throws(Problem) in try CheckpointFields.parse(value) }
      return .checkpoint(LogCheckpoint(seq: seq, digest: digest, fields: fields, state: object["state"], line: number))
    }
    if object["format"] != nil {
      throw .unknownKind("a second header line")
    }
    throw .unknownKind(
      "unknown line kind: it has neither \"seq\" (an event) nor \"checkpoint\" (a checkpoint), but \"\(first.key)\"")
  }

  /// What a reader says of a line refused by its parsed size.
  static func tooLarge(_ error: LogCodecError) -> String {
    "the line is too large to read: " + error.message
  }

  // MARK: The event fast path

  /// The fixed start of an event line as this package writes it:
  /// `{"seq":N,"t":T,"origin":"send","action":` followed by the action.
  struct EventPrefix {
    var seq: UInt64
    var t: Range<Int>
    var origin: ActionOrigin
    var action: Range<Int>

    func time(_ payload: Span<UInt8>) -> Double? {
      let text = payload.extracting(t)
      if let microseconds = LogLineParser.microseconds(text) { return Double(microseconds) / 1_000_000 }
      return JSONNumber.classify(text)?.doubleValue
    }
  }

  /// `t` as the recorder writes it, `S` or `S.F` (`S` below 2³² without a leading zero, `F` of
  /// one to six digits), in whole microseconds; `nil` for any other text, which the general
  /// number parser then reads (or refuses).
  ///
  /// `Double(microseconds) / 1,000,000` is the double `strtod` makes of the text: both values
  /// are exact (below 2⁵³), and a division rounds to the double nearest the quotient, which is
  /// the decimal's value. Every event's `t` went through `Double(String)` before, a `String`
  /// and `strtod` for each line: about 5% of a replay of distinct actions.
  static func microseconds(_ text: Span<UInt8>) -> UInt64? {
    let count = text.count
    var index = 0
    var seconds: UInt64 = 0
    while index < count, index < 10, text[index] &- 0x30 < 10 {
      seconds = seconds &* 10 &+ UInt64(text[index] &- 0x30)
      index &+= 1
    }
    guard index > 0, text[0] != 0x30 || index == 1, seconds < 1 << 32 else { return nil }
    var microseconds = seconds &* 1_000_000
    guard index < count else { return microseconds }
    guard text[index] == UInt8(ascii: "."), count - index - 1 >= 1, count - index - 1 <= 6 else { return nil }
    var scale: UInt64 = 100_000
    index &+= 1
    while index < count {
      let digit = text[index] &- 0x30
      guard digit < 10 else { return nil }
      microseconds &+= UInt64(digit) &* scale
      scale /= 10
      index &+= 1
    }
    return microseconds
  }

  static func eventPrefix(_ payload: Span<UInt8>) -> EventPrefix? {
    var index = 0
    guard match(payload, Token.seq, at: &index), let seq = digits(payload, at: &index) else { return nil }
    guard match(payload, Token.t, at: &index) else { return nil }
    let tStart = index
    while index < payload.count, payload[index] != UInt8(ascii: ",") { index += 1 }
    let t = tStart..<index
    guard !t.isEmpty, match(payload, Token.origin, at: &index) else { return nil }
    let origin: ActionOrigin
    if match(payload, Token.send, at: &index) {
      origin = .send
    } else if match(payload, Token.effect, at: &index) {
      origin = .effect
    } else {
      return nil
    }
    guard match(payload, Token.action, at: &index), index < payload.count else { return nil }
    return EventPrefix(seq: seq, t: t, origin: origin, action: index..<payload.count)
  }

  /// The seq at the start of an event line, if the line starts like one; for error messages.
  static func leadingSeq(_ line: Span<UInt8>) -> UInt64? {
    var index = 0
    guard match(line, Token.seq, at: &index) else { return nil }
    return digits(line, at: &index)
  }

  /// The seq at the start of a checkpoint line, if the line starts like one.
  static func leadingCheckpoint(_ line: Span<UInt8>) -> UInt64? {
    var index = 0
    guard match(line, Token.checkpoint, at: &index), let seq = digits(line, at: &index),
      index < line.count, line[index] == UInt8(ascii: ",")
    else { return nil }
    return seq
  }

  /// A positive decimal integer without leading zeros that fits in `UInt64`.
  private static func digits(_ bytes: Span<UInt8>, at index: inout Int) -> UInt64? {
    let start = index
    var value: UInt64 = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] - 0x30))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    guard index > start, bytes[start] != 0x30 else { return nil }
    return value
  }

  /// The fixed texts of the lines this package writes, as bytes to compare a line with.
  enum Token {
    static let seq = Array(#"{"seq":"#.utf8)
    static let t = Array(#","t":"#.utf8)
    static let origin = Array(#","origin":""#.utf8)
    static let send = Array(#"send""#.utf8)
    static let effect = Array(#"effect""#.utf8)
    static let action = Array(#","action":"#.utf8)
    static let checkpoint = Array(#"{"checkpoint":"#.utf8)
    static let header = Array(#"{"format":"refold-log""#.utf8)
    static let checksum = Array(#","crc":""#.utf8)
  }

  private static func match(_ bytes: Span<UInt8>, _ token: [UInt8], at index: inout Int) -> Bool {
    // NB: The token is indexed as an array: a slice of it, for a span, retained and released
    //     the token each time, a few times a line.
    let count = token.count
    guard bytes.count - index >= count else { return false }
    for offset in 0..<count where bytes[index &+ offset] != token[offset] {
      return false
    }
    index &+= count
    return true
  }

  static func hasPrefix(_ bytes: Span<UInt8>, _ token: [UInt8]) -> Bool {
    var index = 0
    return match(bytes, token, at: &index)
  }
}

extension LogReadError {
  /// A kind and a message, before the file and line are known.
  struct Detail: Error {
    var kind: Kind
    var message: String
    init(_ kind: Kind, _ message: String) {
      self.kind = kind
      self.message = message
    }
  }
}
