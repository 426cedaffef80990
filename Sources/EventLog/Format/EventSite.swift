import JSONCodec
import StoreCore

/// The `"from"` member of an event line: where the action was sent from (``SendSite``), written
/// only by a store that records it (`recordsSendSites`, debug builds).
///
/// `"from":{"file":"App/SearchView.swift","line":42}` for a `send`, and
/// `"from":{"file":"Search/Search.swift","line":57,"effectOf":12}` for an action the effect
/// made at that line sent, that effect having been returned by the fold of seq 12.
enum EventSite {
  /// Appends `"from":{…},`.
  static func append(_ site: SendSite, to buffer: inout [UInt8]) {
    JSONBytes.append(#""from":{"file":"#, to: &buffer)
    JSONWriter.writeString(site.fileID, into: &buffer)
    JSONBytes.append(#","line":"#, to: &buffer)
    JSONBytes.appendDecimal(UInt64(site.line), to: &buffer)
    if let effectOf = site.effectOf {
      JSONBytes.append(#","effectOf":"#, to: &buffer)
      JSONBytes.appendDecimal(effectOf, to: &buffer)
    }
    JSONBytes.append("},", to: &buffer)
  }

  /// The site of the event `seq`'s `"from"` member. Members it does not know are ignored, as
  /// everywhere in a log line.
  static func parse(_ value: JSONValue, seq: UInt64) throws(LogLineParser.Problem) -> SendSite {
    guard let object = value.objectValue else { throw .malformed(#"the event's "from" is not an object"#) }
    guard let file = object["file"]?.stringValue, !file.isEmpty else {
      throw .malformed(#"the event's "from" has no "file" string"#)
    }
    guard let line = object["line"]?.uint64Value, line > 0, let sourceLine = UInt(exactly: line) else {
      throw .malformed(#"the event's "from" has no "line" number of 1 or more"#)
    }
    var effectOf: UInt64?
    if let value = object["effectOf"] {
      guard let cause = value.uint64Value, cause > 0, cause < seq else {
        throw .malformed(#"the event's "from" has an "effectOf" that is not the seq of an earlier event"#)
      }
      effectOf = cause
    }
    return SendSite(fileID: file, line: sourceLine, effectOf: effectOf)
  }
}
