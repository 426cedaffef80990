import Foundation
import Hummingbird
import Logging
package import LogStorage

/// `refold collect`'s server: takes logs by `POST /v1/logs`, each checked whole before the
/// ``LogStore`` keeps it and the upload is acknowledged.
///
/// | status | when |
/// |---|---|
/// | 201 | stored: `{"id":…,"stored":true,"feature":…,"events":…,"app":…}` |
/// | 200 | the same bytes were stored before (`"stored":false`) |
/// | 401 | no `Authorization: Bearer KEY`, or a key the store does not know |
/// | 413 | a body larger than the server's limit |
/// | 422 | not a sound log: damaged (the line named) or truncated; or a line whose JSON would take more memory parsed than `LogJSONDecoder.maxParsedBytes` |
/// | 400, 404, 405 | a bad header, another path, another method |
/// | 500 | the store could not keep it (the uploader tries again) |
/// | 503 | ``UploadSlots``: as many uploads were in progress as the server reads at once, for as long as one waits its turn; `Retry-After: 1` (the uploader tries again) |
///
/// Every error is a JSON body `{"error":"…"}` with one sentence.
package final class CollectServer: Sendable {
  package let port: Int
  private let server: LoopbackHTTPServer
  private let slots: UploadSlots

  private init(server: LoopbackHTTPServer, slots: UploadSlots) {
    self.port = server.port
    self.server = server
    self.slots = slots
  }

  /// - Parameters:
  ///   - limits: how slow a client may be and how many connections it may hold
  ///     (``ConnectionLimits/collect`` unless a test or `refold collect`'s options say otherwise).
  ///   - uploads: how many uploads it reads and checks at once, and `uploadWait`, how long one
  ///     waits for its turn (``UploadSlots``).
  package static func start(
    store: any LogStore, host: String, port: Int, maxBytes: Int, limits: ConnectionLimits = .collect,
    uploads: Int = UploadSlots.defaultCount, uploadWait: Duration = UploadSlots.defaultWait
  ) async throws(HostError) -> CollectServer {
    var logger = Logger(label: "refold.collect")
    logger.logLevel = .error
    let slots = UploadSlots(count: uploads, wait: uploadWait)
    let intake = CollectIntake(store: store, maxBytes: maxBytes, slots: slots)
    FreedMemory.keepLargeBlocksOffTheArenas()
    let responder = CallbackResponder { (request: Request, _: BasicRequestContext) in
      await intake.respond(to: request)
    }
    do {
      let server = try await LoopbackHTTPServer.start(responder, host: host, port: port, limits: limits, logger: logger)
      return CollectServer(server: server, slots: slots)
    } catch {
      throw HostError(.failure, "cannot listen on \(host):\(port): \(error.reason)")
    }
  }

  package func wait() async { await server.wait() }
  package func stop() async { await server.stop() }
  /// Returns once `count` uploads are in progress and `waiting` wait their turn (for the tests).
  package func untilUploads(inProgress count: Int, waiting: Int = 0) async {
    await slots.until(taken: count, queued: waiting)
  }
  deinit { server.cancel() }
}

/// What the server does with one request.
struct CollectIntake: Sendable {
  let store: any LogStore
  let maxBytes: Int
  let slots: UploadSlots

  func respond(to request: Request) async -> Response {
    var uploaded = 0
    // First, so that it runs last: once the body, its copy and the check's memory are freed.
    defer { FreedMemory.returnAfterCheck(ofBytes: uploaded) }
    guard request.uri.path == "/v1/logs" else {
      return Self.json(404, ["error": "no such endpoint: \(request.uri.path); logs go to POST /v1/logs"])
    }
    guard request.method == .post else {
      return Self.json(405, ["error": "\(request.method.rawValue) /v1/logs: logs are uploaded with POST"])
    }
    do {
      let app = try await authorize(request.headers[.authorization])
      let appVersion = try tag(request, "X-Refold-App-Version")
      let device = try tag(request, "X-Refold-Device")
      if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
        throw Refusal(413, tooLarge(length))
      }
      // After the key and the size: a client without a key, or with a body too large, takes
      // no slot. Before the body: a refused upload's body is never read.
      guard await slots.take() else {
        throw Refusal(
          503,
          "the collector was reading as many uploads as it takes at once (\(slots.count), --max-uploads) for \(slots.wait); try again shortly",
          retryAfterSeconds: 1)
      }
      defer { slots.give() }
      let body = request.body
      let buffer: ByteBuffer
      do {
        buffer = try await body.collect(upTo: maxBytes)
      } catch {
        throw Refusal(413, tooLarge(nil))
      }
      let bytes = Array(buffer.readableBytesView)
      uploaded = bytes.count
      let file = try store.spool(bytes)
      let checked: CheckedLog
      do {
        checked = try CheckedLog.check(file, bytes: bytes)
      } catch {
        DurableFile.remove(file.path)
        throw Refusal(422, error.message)
      }
      let (log, isNew) = try await store.put(file, checked, app: app, appVersion: appVersion, device: device)
      return Self.json(
        isNew ? 201 : 200,
        ["id": log.id, "stored": isNew, "feature": log.feature, "events": log.events, "app": log.app])
    } catch let refusal as Refusal {
      var response = Self.json(refusal.status, ["error": refusal.message])
      if let seconds = refusal.retryAfterSeconds { response.headers[.retryAfter] = "\(seconds)" }
      return response
    } catch let error as LogStoreError {
      return Self.json(500, ["error": "the store could not keep the log: \(error.message)"])
    } catch {
      return Self.json(500, ["error": "the store could not keep the log: \(error)"])
    }
  }

  private struct Refusal: Error {
    var status: Int
    var message: String
    /// When the client may try again, for a refusal that says nothing of the log.
    var retryAfterSeconds: Int?
    init(_ status: Int, _ message: String, retryAfterSeconds: Int? = nil) {
      self.status = status
      self.message = message
      self.retryAfterSeconds = retryAfterSeconds
    }
  }

  private func authorize(_ header: String?) async throws -> String {
    guard let header, header.hasPrefix("Bearer ") else {
      throw Refusal(401, "an API key is needed: Authorization: Bearer KEY (refold store key add APP prints one)")
    }
    guard let app = try await store.app(forKey: String(header.dropFirst("Bearer ".count))) else {
      throw Refusal(401, "the API key is not one this store knows")
    }
    return app
  }

  /// A label the uploader gives itself: at most 200 printable ASCII characters.
  private func tag(_ request: Request, _ name: String) throws -> String? {
    guard let value = request.headers[HTTPFields.Element.Name(name)!] else { return nil }
    guard !value.isEmpty, value.utf8.count <= 200, value.utf8.allSatisfy({ (32...126).contains($0) }) else {
      throw Refusal(400, "\(name) must be 1 to 200 printable ASCII characters")
    }
    return value
  }

  private func tooLarge(_ length: Int?) -> String {
    (length.map { "the log is \($0) bytes" } ?? "the log is larger than that") + "; this server takes at most \(maxBytes) bytes"
  }

  private static func json(_ status: Int, _ object: [String: Any]) -> Response {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return Response(
      status: .init(code: status),
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
