import EventLog
package import Foundation

/// An uploaded log, read whole and found sound: every line's checksum, every seq in order, no
/// torn last line. What a store keeps of it comes from here, not from what the uploader says.
package struct CheckedLog: Sendable {
  /// SHA-256 of the bytes, 64 lowercase hex digits.
  package var id: String
  package var feature: String
  package var schema: Int
  package var events: Int
  package var firstTime: Double?
  package var lastTime: Double?
  package var bytes: Int

  /// Reads the log at `file` (its bytes are `bytes`) through, as replay would.
  ///
  /// - Throws: ``LogStoreError/Kind/badInput`` with the reason a store refuses it: not a log, a
  ///   damaged line (named), a line whose JSON would take more memory parsed than
  ///   ``LogJSONDecoder/maxParsedBytes`` (named), or a torn last line (a truncated upload).
  package static func check(_ file: URL, bytes: [UInt8]) throws(LogStoreError) -> CheckedLog {
    guard !bytes.isEmpty else { throw LogStoreError.badInput("the upload is empty: a log has at least its header line") }
    var checked: CheckedLog
    do {
      let reader = try LogReader(file: file)
      checked = CheckedLog(
        id: "", feature: reader.header.feature, schema: reader.header.schema, events: 0, firstTime: nil,
        lastTime: nil, bytes: bytes.count)
      while let record = try reader.next() {
        guard case .event(let event) = record else { continue }
        checked.events += 1
        if checked.firstTime == nil { checked.firstTime = event.t }
        checked.lastTime = event.t
      }
      if let torn = reader.warnings.first {
        throw LogStoreError.badInput("the log is truncated: \(Self.withoutPath(torn, file))")
      }
    } catch let error as LogReadError {
      let place = error.line.map { "line \($0): " } ?? ""
      // A line too large parsed is not damage: the log may be sound, and this server's limit
      // (REFOLD_MAX_PARSED_BYTES) is what refuses it.
      let what = error.kind == .lineTooLarge ? "the log is refused" : "the log is damaged"
      throw LogStoreError.badInput("\(what): \(place)\(Self.withoutPath(error.message, file))")
    } catch let error as LogStoreError {
      throw error
    } catch {
      throw LogStoreError.badInput("the log cannot be read: \(error)")
    }
    checked.id = Hex.sha256(bytes)
    return checked
  }

  /// A reader's message names the spool file it read; the uploader knows nothing of it.
  private static func withoutPath(_ message: String, _ file: URL) -> String {
    message.replacingOccurrences(of: file.path + ": ", with: "").replacingOccurrences(of: file.path, with: "the upload")
  }
}
