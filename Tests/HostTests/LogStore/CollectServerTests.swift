import Foundation
import Hummingbird
import LogUpload
import Testing

@testable import Host
@testable import LogStorage

/// `refold collect`'s server on 127.0.0.1 with a real folder store, and the library's
/// `LogUploader` talking to it over real sockets.
@Suite(.serialized)
struct CollectServerTests {
  final class Collecting {
    let directory: TemporaryDirectory
    let store: FolderLogStore
    let server: CollectServer
    let key: String
    var url: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    init(maxBytes: Int = 1 << 20) async throws {
      directory = try TemporaryDirectory()
      store = try FolderLogStore(path: directory.url.appendingPathComponent("store").path)
      key = try store.addKey(app: "ios")
      server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: maxBytes)
    }

    func post(_ body: [UInt8], key: String?, headers: [(String, String)] = []) async throws -> RawHTTPClient.Reply {
      try await RawHTTPClient.request(
        port: server.port, "/v1/logs", method: "POST",
        headers: (key.map { [("Authorization", "Bearer \($0)")] } ?? []) + headers, body: body)
    }
  }

  /// The delays an uploader would sleep, recorded instead of slept.
  final class RecordingClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
      var offset: Duration
      func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
      func duration(to other: Instant) -> Duration { other.offset - offset }
      static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var slept: [Duration] = []
    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }
    var sleeps: [Duration] { lock.withLock { slept } }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      lock.withLock {
        slept.append(current.duration(to: deadline))
        current = deadline
      }
    }
  }

  /// 50 uploaders at once: 1,000 distinct logs, each sent twice, by two of them. Under
  /// ThreadSanitizer, which slows each exchange tenfold, 8 logs each (200 distinct).
  static func uploadBurst(to server: URL, key: String) async throws -> (receipts: [LogUploadReceipt], distinct: Int) {
    let perUploader = Sanitizer.isThreadSanitizerOn ? 8 : 40
    let distinct = 50 * perUploader / 2
    let logs = (0..<distinct).map { Data(StoreTestLogs.log($0)) }
    let uploader = LogUploader(server: server, key: key, options: .init(attempts: 3, firstDelay: .milliseconds(50)))
    let receipts = try await withThrowingTaskGroup(of: [LogUploadReceipt].self) { group in
      for sender in 0..<50 {
        group.addTask {
          var receipts: [LogUploadReceipt] = []
          for index in 0..<perUploader {
            let number = (sender * perUploader / 2 + index) % distinct
            receipts.append(try await uploader.upload(logs[number], name: "log \(number)"))
          }
          return receipts
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(receipts.count == 2 * distinct)
    #expect(receipts.filter(\.isNew).count == distinct, "each log stored by exactly one of its two uploads")
    #expect(Set(receipts.map(\.id)).count == distinct)
    return (receipts, distinct)
  }

  @Test func fiftyUploadersSendingFortyLogsEachLoseNoneAndStoreEachOnce() async throws {
    let collecting = try await Collecting()
    let (receipts, distinct) = try await Self.uploadBurst(to: collecting.url, key: collecting.key)
    let stored = try collecting.store.list(StoredLogFilter())
    #expect(stored.count == distinct)
    #expect(Set(stored.map(\.id)) == Set(receipts.map(\.id)))
    let files = try FileManager.default.contentsOfDirectory(atPath: collecting.store.root.appendingPathComponent("logs").path)
    #expect(files.count == distinct)
    await collecting.server.stop()
  }

  @Test func aMissingOrUnknownKeyIs401AndTooLargeIs413AndDamagedIs422() async throws {
    let collecting = try await Collecting(maxBytes: 4_096)
    let log = StoreTestLogs.log(7)
    let missing = try await collecting.post(log, key: nil)
    #expect(missing.status == 401)
    #expect(try missing.json()["error"] as? String == "an API key is needed: Authorization: Bearer KEY (refold store key add APP prints one)")
    let unknown = try await collecting.post(log, key: "rfk_" + String(repeating: "a", count: 64))
    #expect(unknown.status == 401)
    #expect(try unknown.json()["error"] as? String == "the API key is not one this store knows")

    let large = try await collecting.post(StoreTestLogs.log(8, events: 200), key: collecting.key)
    #expect(large.status == 413, "\(large.text)")
    #expect((try large.json()["error"] as? String)?.hasSuffix("this server takes at most 4096 bytes") == true)

    var damaged = log
    damaged[damaged.count - 20] ^= 0x01
    let refused = try await collecting.post(damaged, key: collecting.key)
    #expect(refused.status == 422)
    #expect((try refused.json()["error"] as? String)?.hasPrefix("the log is damaged: line 3: ") == true, "\(refused.text)")
    let truncated = try await collecting.post(Array(log.dropLast(3)), key: collecting.key)
    #expect(truncated.status == 422)
    #expect((try truncated.json()["error"] as? String)?.hasPrefix("the log is truncated: ") == true, "\(truncated.text)")
    let notALog = try await collecting.post(Array("hello\n".utf8), key: collecting.key)
    #expect(notALog.status == 422)
    #expect(try collecting.store.list(StoredLogFilter()).isEmpty, "nothing refused was kept")

    let badTag = try await collecting.post(log, key: collecting.key, headers: [("X-Refold-Device", String(repeating: "x", count: 300))])
    #expect(badTag.status == 400)
    let stored = try await collecting.post(log, key: collecting.key, headers: [("X-Refold-App-Version", "2.1"), ("X-Refold-Device", "qa-7")])
    #expect(stored.status == 201, "\(stored.text)")
    #expect(try stored.json()["stored"] as? Bool == true)
    let repeated = try await collecting.post(log, key: collecting.key)
    #expect(repeated.status == 200)
    #expect(try repeated.json()["stored"] as? Bool == false)
    let kept = try collecting.store.list(StoredLogFilter())
    #expect(kept.map(\.appVersion) == ["2.1"] && kept.map(\.device) == ["qa-7"] && kept.map(\.app) == ["ios"])

    #expect(try await RawHTTPClient.request(port: collecting.server.port, "/v1/logs").status == 405)
    #expect(try await RawHTTPClient.request(port: collecting.server.port, "/v2/logs", method: "POST").status == 404)
    await collecting.server.stop()
  }

  @Test func theUploaderTriesAgainAfterA503WithAGrowingDelayAndStopsAtARefusal() async throws {
    let collecting = try await Collecting()
    // A proxy that answers 503 to the first two uploads, then forwards to the collect server.
    let answered = Counter()
    let collectPort = collecting.server.port
    let router = Router()
    router.post("/v1/logs") { request, _ -> Response in
      guard answered.next() > 2 else {
        return Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: #"{"error":"busy"}"#)))
      }
      let body = request.body
      let bytes = Array(try await body.collect(upTo: 1 << 20).readableBytesView)
      let reply = try await RawHTTPClient.request(
        port: collectPort, "/v1/logs", method: "POST",
        headers: [("Authorization", request.headers[.authorization] ?? "")], body: bytes)
      return Response(status: .init(code: reply.status), body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
    let proxy = try await LoopbackServer.start(router, name: "flaky proxy")
    let clock = RecordingClock()
    let uploader = LogUploader(
      server: URL(string: "http://127.0.0.1:\(proxy.port)")!, key: collecting.key,
      options: .init(attempts: 5, firstDelay: .seconds(2), maxDelay: .seconds(3)), clock: clock)
    let receipt = try await uploader.upload(Data(StoreTestLogs.log(3)), name: "log 3")
    #expect(receipt.attempts == 3 && receipt.isNew && receipt.events == 2 && receipt.feature == "amountInput")
    #expect(clock.sleeps.count == 2)
    #expect(clock.sleeps.count == 2 && (.seconds(1)...(.seconds(2))).contains(clock.sleeps[0]), "\(clock.sleeps)")
    #expect(clock.sleeps.count == 2 && (.milliseconds(1500)...(.seconds(3))).contains(clock.sleeps[1]), "capped at 3 s: \(clock.sleeps)")

    let wrongKey = LogUploader(server: collecting.url, key: "rfk_" + String(repeating: "b", count: 64), clock: clock)
    let refused = await #expect(throws: LogUploadError.self) { try await wrongKey.upload(Data(StoreTestLogs.log(4)), name: "log 4") }
    #expect(refused?.kind == .refused(status: 401) && refused?.attempts == 1, "\(String(describing: refused))")
    #expect(clock.sleeps.count == 2, "a refusal is not tried again")
    await proxy.stop()
    await collecting.server.stop()

    // No server at all: every try fails, and the error says how many and why.
    let nobody = LogUploader(server: collecting.url, key: collecting.key, options: .init(attempts: 3), clock: clock)
    let unreachable = await #expect(throws: LogUploadError.self) { try await nobody.upload(Data(StoreTestLogs.log(5)), name: "log 5") }
    #expect(unreachable?.kind == .unreachable && unreachable?.attempts == 3, "\(String(describing: unreachable))")
    #expect(unreachable?.description.hasPrefix("log 5: not uploaded after 3 tries; the last: no answer: ") == true)
    #expect(clock.sleeps.count == 4)
  }
}

/// Counts requests across the server's tasks.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func next() -> Int { lock.withLock { count += 1; return count } }
}
