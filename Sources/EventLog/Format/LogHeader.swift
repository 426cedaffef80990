public import Foundation
package import JSONCodec
import StoreCore

/// The first line of an event log: what the log is, which feature it records, and the state it
/// starts from.
///
/// ```
/// {"format":"refold-log","version":1,"feature":"amountInput","schema":1,
///  "created":"2025-11-21T16:00:00.000Z","checkpointInterval":1000,"snapshotInterval":10000,
///  "redaction":{"placeholder":"<redacted>"},"initialState":{"output":""},"crc":"…"}
/// ```
public struct LogHeader: Sendable, Equatable {
  /// The value of `"format"` in every event log.
  public static let formatName = "refold-log"
  /// The format version this package reads and writes.
  public static let currentVersion = 1

  /// The format version (`"version"`).
  public var version: Int
  /// The feature the log records, e.g. `amountInput` (`"feature"`).
  public var feature: String
  /// The feature's own schema version, chosen by whoever records (`"schema"`).
  public var schema: Int
  /// When the log was created, ISO-8601 in UTC with milliseconds (`"created"`).
  public var created: String
  /// Events between two checkpoint digests (`"checkpointInterval"`).
  public var checkpointInterval: Int
  /// Events between two checkpoints that carry the full state (`"snapshotInterval"`), a
  /// multiple of ``checkpointInterval``.
  public var snapshotInterval: Int
  /// The text written in place of secrets (`"redaction":{"placeholder":…}`).
  public var redactionPlaceholder: String
  /// The state before the first event, redacted, with its keys sorted (`"initialState"`).
  package var initialState: JSONValue

  package init(
    version: Int = LogHeader.currentVersion,
    feature: String,
    schema: Int,
    created: String,
    checkpointInterval: Int,
    snapshotInterval: Int,
    redactionPlaceholder: String = Redaction.placeholder,
    initialState: JSONValue
  ) {
    self.version = version
    self.feature = feature
    self.schema = schema
    self.created = created
    self.checkpointInterval = checkpointInterval
    self.snapshotInterval = snapshotInterval
    self.redactionPlaceholder = redactionPlaceholder
    self.initialState = initialState
  }

  /// ``created`` as a date, when it parses.
  public var createdDate: Date? {
    Self.dateFormatter().date(from: created)
  }

  /// The initial state as compact JSON (keys sorted).
  public var initialStateJSON: String {
    (try? LogJSONEncoder().serialize(initialState)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// `created` for a header written now.
  package static func timestamp(_ date: Date = Date()) -> String {
    dateFormatter().string(from: date)
  }

  private static func dateFormatter() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }
}

// MARK: - Writing

extension LogHeader {
  /// The complete header line, `\n` included.
  package func line() throws -> [UInt8] {
    let object = JSONObject([
      "format": .string(Self.formatName),
      "version": .int(Int64(version)),
      "feature": .string(feature),
      "schema": .int(Int64(schema)),
      "created": .string(created),
      "checkpointInterval": .int(Int64(checkpointInterval)),
      "snapshotInterval": .int(Int64(snapshotInterval)),
      "redaction": .object(JSONObject(["placeholder": .string(redactionPlaceholder)])),
      "initialState": initialState.canonicalized,
    ])
    var buffer = try LogJSONEncoder().serialize(.object(object))
    buffer.removeLast()  // the closing brace; the seal puts it back after "crc"
    LogLine.seal(&buffer, payloadStart: 0)
    return buffer
  }
}

// MARK: - Reading

extension LogHeader {
  /// What is wrong with a parsed first line.
  package enum Problem: Error, Equatable {
    /// Not an event log at all: no `"format":"refold-log"`.
    case notALog
    case unsupportedVersion(String)
    case malformed(String)
  }

  /// The header in a parsed first line.
  package init(parsing value: JSONValue) throws(Problem) {
    guard let object = value.objectValue, object["format"]?.stringValue == Self.formatName else {
      throw .notALog
    }
    guard let version = object["version"]?.int64Value else {
      throw .malformed("the header has no integer \"version\"")
    }
    guard version == Int64(Self.currentVersion) else {
      throw .unsupportedVersion(
        "unsupported format version \(object["version"].map(Self.render) ?? "?") (this reader knows version \(Self.currentVersion))"
      )
    }
    func string(_ key: String) throws(Problem) -> String {
      guard let text = object[key]?.stringValue else { throw .malformed("the header has no string \"\(key)\"") }
      return text
    }
    func positive(_ key: String) throws(Problem) -> Int {
      guard let number = object[key]?.int64Value, number > 0, let int = Int(exactly: number) else {
        throw .malformed("the header's \"\(key)\" is not a positive integer")
      }
      return int
    }
    let feature = try string("feature")
    guard let schema = object["schema"]?.int64Value, let schemaInt = Int(exactly: schema) else {
      throw .malformed("the header has no integer \"schema\"")
    }
    let created = try string("created")
    let checkpointInterval = try positive("checkpointInterval")
    let snapshotInterval = try positive("snapshotInterval")
    guard snapshotInterval % checkpointInterval == 0 else {
      throw .malformed(
        "the header's snapshotInterval \(snapshotInterval) is not a multiple of its checkpointInterval \(checkpointInterval)")
    }
    guard let placeholder = object["redaction"]?["placeholder"]?.stringValue else {
      throw .malformed("the header has no \"redaction\":{\"placeholder\":…}")
    }
    guard let initialState = object["initialState"] else {
      throw .malformed("the header has no \"initialState\"")
    }
    self.init(
      version: Int(version), feature: feature, schema: schemaInt, created: created,
      checkpointInterval: checkpointInterval, snapshotInterval: snapshotInterval,
      redactionPlaceholder: placeholder, initialState: initialState)
  }

  private static func render(_ value: JSONValue) -> String {
    (try? LogJSONEncoder().serialize(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}
