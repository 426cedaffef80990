import Foundation
import JSONCodec
import Store

/// The inspector's answers, by path: the page and its two files, and the JSON API the page
/// reads (see `refold devtools --help`). Paths are split before their segments are decoded, so a
/// log's name may hold an encoded slash (`sub%2Fa.log`) and still be one segment.
struct DevtoolsRoutes: Sendable {
  let library: DevtoolsLibrary

  struct Answer {
    var status = 200
    var contentType: String
    var body: [UInt8]
    /// For a download: the name the browser saves it under.
    var fileName: String?

    static func json(_ value: JSONValue, status: Int = 200) -> Answer {
      let body = (try? LogJSONEncoder().serialize(value)) ?? Array(#"{"error":"cannot encode the answer"}"#.utf8)
      return Answer(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    static func error(_ error: DevtoolsError) -> Answer {
      json(.object(["error": .string(error.message)]), status: error.status)
    }
  }

  /// `path` is the request's path as sent (still percent-encoded), `query` its decoded query.
  func answer(path: String, query: [String: String]) async -> Answer {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      $0.removingPercentEncoding ?? String($0)
    }
    do {
      switch segments.first {
      case "", nil: return DevtoolsAssets.page
      case "devtools.js": return DevtoolsAssets.script
      case "devtools.css": return DevtoolsAssets.styles
      case "api": return try await api(Array(segments.dropFirst()), query: query)
      default: throw DevtoolsError.notFound("nothing is served at \(path)")
      }
    } catch let error as DevtoolsError {
      return .error(error)
    } catch {
      return .error(.badLog("\(error)"))
    }
  }

  private func api(_ segments: [String], query: [String: String]) async throws -> Answer {
    if segments.count == 3, segments[0] == "log", segments[2] == "export" {
      return try await export(log: try library.log(named: segments[1]), query: query)
    }
    return .json(try readingAPI(segments, query: query))
  }

  /// `/api/log/NAME/export?format=log|actions|test|redux&from=A&to=B`: a download.
  private func export(log: InspectedLog, query: [String: String]) async throws -> Answer {
    let formats = LogExport.allCases.map(\.rawValue).joined(separator: ", ")
    guard let text = query["format"] else { throw DevtoolsError.badRequest("the query needs format=… (\(formats))") }
    guard let format = LogExport(rawValue: text) else {
      throw DevtoolsError.badRequest("format must be one of \(formats), not '\(text)'")
    }
    let from = try seq("from", query)
    let to = try seq("to", query)
    let body = try await log.export(format, from: from, to: to)
    return Answer(contentType: format.contentType, body: body, fileName: format.fileName(log: log.name, from: from, to: to))
  }

  /// The questions that read a log and answer in JSON.
  private func readingAPI(_ segments: [String], query: [String: String]) throws -> JSONValue {
    if segments == ["logs"] { return library.listing() }
    guard segments.count == 3, segments[0] == "log" else {
      throw DevtoolsError.notFound("no API at /api/\(segments.joined(separator: "/"))")
    }
    let name = segments[1]
    let log = try library.log(named: name)
    switch segments[2] {
    case "summary":
      return log.summary(check: library.check(of: name))
    case "events":
      let filter = EventFilter(
        casePath: query["case"].flatMap { $0.isEmpty ? nil : $0 },
        origin: try query["origin"].flatMap { try origin($0) },
        text: query["text"].flatMap { $0.isEmpty ? nil : $0 })
      return try log.events(
        filter: filter, offset: try number("offset", query, default: 0), limit: try number("limit", query, default: 100),
        after: try query["after"].map { _ in try seq("after", query) })
    case "state":
      return try log.state(at: try seq("seq", query))
    case "diff":
      return try log.diff(from: try seq("from", query), to: try seq("to", query))
    default:
      throw DevtoolsError.notFound("no API at /api/log/…/\(segments[2]): use summary, events, state, diff or export")
    }
  }

  private func seq(_ key: String, _ query: [String: String]) throws -> UInt64 {
    guard let text = query[key] else { throw DevtoolsError.badRequest("the query needs \(key)=SEQ") }
    guard let value = UInt64(text) else { throw DevtoolsError.badRequest("\(key) must be a seq (0, 1, 2 …), not '\(text)'") }
    return value
  }

  private func number(_ key: String, _ query: [String: String], default value: Int) throws -> Int {
    guard let text = query[key] else { return value }
    guard let number = Int(text), number >= 0 else {
      throw DevtoolsError.badRequest("\(key) must be a whole number ≥ 0, not '\(text)'")
    }
    return number
  }

  private func origin(_ text: String) throws -> ActionOrigin? {
    if text.isEmpty { return nil }
    guard let origin = ActionOrigin(rawValue: text) else {
      throw DevtoolsError.badRequest("origin must be send or effect, not '\(text)'")
    }
    return origin
  }
}

/// The page, its script and its styles, embedded in the binary: the inspector needs no network
/// and no files beside the tool.
enum DevtoolsAssets {
  static let page = DevtoolsRoutes.Answer(contentType: "text/html; charset=utf-8", body: PackageResources.index_html)
  static let script = DevtoolsRoutes.Answer(contentType: "text/javascript; charset=utf-8", body: PackageResources.devtools_js)
  static let styles = DevtoolsRoutes.Answer(contentType: "text/css; charset=utf-8", body: PackageResources.devtools_css)
}
