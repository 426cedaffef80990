import Foundation

/// A log kept by a ``LogStore``: its content hash and what its header, its events and its
/// upload say about it. The bytes themselves are kept whole beside it.
package struct StoredLog: Codable, Sendable, Equatable {
  /// SHA-256 of the log's bytes, 64 lowercase hex digits: the same bytes, the same id.
  package var id: String
  /// The app whose key uploaded it first.
  package var app: String
  package var feature: String
  package var schema: Int
  /// What the uploader said of itself (`X-Refold-App-Version`, `X-Refold-Device`).
  package var appVersion: String?
  package var device: String?
  package var events: Int
  /// The time of its first and last event, seconds since 1970; nil for a log of no events.
  package var firstTime: Double?
  package var lastTime: Double?
  package var bytes: Int
  /// When the store took it, seconds since 1970.
  package var uploaded: Double

  package init(
    id: String, app: String, feature: String, schema: Int, appVersion: String?, device: String?, events: Int,
    firstTime: Double?, lastTime: Double?, bytes: Int, uploaded: Double
  ) {
    self.id = id
    self.app = app
    self.feature = feature
    self.schema = schema
    self.appVersion = appVersion
    self.device = device
    self.events = events
    self.firstTime = firstTime
    self.lastTime = lastTime
    self.bytes = bytes
    self.uploaded = uploaded
  }

  /// One line for `refold store list`.
  package var line: String {
    let span = firstTime.map { first in String(format: "%.3f s", (lastTime ?? first) - first) } ?? "no events"
    let tags = [appVersion.map { "version \($0)" }, device.map { "device \($0)" }].compactMap { $0 }
    return "\(id.prefix(12))  \(feature) (schema \(schema))  \(events) events, \(span), \(bytes) bytes  app \(app)"
      + (tags.isEmpty ? "" : ", " + tags.joined(separator: ", ")) + "  uploaded \(Self.isoTime(uploaded))"
  }

  static func isoTime(_ seconds: Double) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }
}

/// Which stored logs a listing or a check takes: `--where KEY=VALUE` (feature, app, device,
/// appVersion, schema) and `--since TIME` (uploaded at or after).
package struct StoredLogFilter: Sendable, Equatable {
  /// One log by its id (a store's own lookup; `--where` does not take it).
  package var id: String?
  package var feature: String?
  package var app: String?
  package var device: String?
  package var appVersion: String?
  package var schema: Int?
  package var since: Double?

  package init() {}

  /// The keys `--where` takes.
  package static let keys = ["feature", "app", "device", "appVersion", "schema"]

  /// Adds `KEY=VALUE`. Values are compared whole, as text: nothing in them is a pattern or
  /// a query.
  package mutating func add(_ condition: String) throws(LogStoreError) {
    guard let equals = condition.firstIndex(of: "="), equals != condition.startIndex else {
      throw LogStoreError.usage("--where \(condition): expected KEY=VALUE with KEY one of \(Self.keys.joined(separator: ", "))")
    }
    let key = String(condition[..<equals])
    let value = String(condition[condition.index(after: equals)...])
    switch key {
    case "feature": feature = value
    case "app": app = value
    case "device": device = value
    case "appVersion": appVersion = value
    case "schema":
      guard let number = Int(value) else { throw LogStoreError.usage("--where schema=\(value): the schema is a whole number") }
      schema = number
    default:
      throw LogStoreError.usage("--where \(condition): '\(key)' is not one of \(Self.keys.joined(separator: ", "))")
    }
  }

  /// Sets `--since`: an ISO 8601 time (`2026-11-25T10:00:00Z`) or a date (`2026-11-25`, UTC).
  package mutating func since(_ text: String) throws(LogStoreError) {
    let full = ISO8601DateFormatter()
    full.formatOptions = [.withInternetDateTime]
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let day = ISO8601DateFormatter()
    day.formatOptions = [.withFullDate]
    // The formatters take a date with anything after it; only the whole text counts here.
    let shape = #/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?/#
    guard (try? shape.wholeMatch(in: text)) != nil,
      let date = full.date(from: text) ?? fractional.date(from: text) ?? day.date(from: text)
    else {
      throw LogStoreError.usage("--since \(text): expected a time like 2026-11-25T10:00:00Z or a date like 2026-11-25")
    }
    since = date.timeIntervalSince1970
  }

  /// The filter in words, the same for the same conditions: what a check run was started over.
  package var described: String {
    let conditions = [
      id.map { "id=\($0)" }, feature.map { "feature=\($0)" }, app.map { "app=\($0)" }, device.map { "device=\($0)" },
      appVersion.map { "appVersion=\($0)" }, schema.map { "schema=\($0)" },
      since.map { "since \(StoredLog.isoTime($0))" },
    ].compactMap { $0 }
    return conditions.isEmpty ? "every stored log" : conditions.joined(separator: ", ")
  }

  package func matches(_ log: StoredLog) -> Bool {
    (id == nil || log.id == id) && (feature == nil || log.feature == feature) && (app == nil || log.app == app)
      && (device == nil || log.device == device) && (appVersion == nil || log.appVersion == appVersion)
      && (schema == nil || log.schema == schema) && (since.map { log.uploaded >= $0 } ?? true)
  }
}
