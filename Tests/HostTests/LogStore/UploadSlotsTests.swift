import Foundation
import Testing

@testable import Host
@testable import LogStorage

/// `refold collect` reads and checks only so many uploads at once (`--max-uploads`): each holds
/// its body twice and what its largest line takes parsed, so without a bound enough
/// connections posting large logs at once would take any machine's memory. An upload past the
/// bound waits its turn with its body unread (`--upload-wait`), and one that waited too long is
/// answered 503 with `Retry-After`.
@Suite(.serialized)
struct UploadSlotsTests {
  /// A collector with one slot, and an upload that holds it: its head and half its body sent.
  struct HeldSlot {
    let directory: TemporaryDirectory
    let store: FolderLogStore
    let key: String
    let server: CollectServer
    let holding: SlowSocket
    let rest: String

    init(uploadWait: Duration) async throws {
      directory = try TemporaryDirectory()
      store = try FolderLogStore(path: directory.url.appendingPathComponent("store").path)
      key = try store.addKey(app: "ios")
      server = try await CollectServer.start(
        store: store, host: "127.0.0.1", port: 0, maxBytes: 1 << 20, uploads: 1, uploadWait: uploadWait)
      let log = Array(StoreTestLogs.log(1))
      let half = log.count / 2
      rest = String(decoding: log[half...], as: UTF8.self)
      holding = try SlowSocket(port: server.port)
      try holding.write(
        "POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\nConnection: close\r\n"
          + "Content-Length: \(log.count)\r\n\r\n" + String(decoding: log[..<half], as: UTF8.self))
      await server.untilUploads(inProgress: 1)
    }

    /// Posts another log, whole.
    func upload(_ log: [UInt8]) async throws -> RawHTTPClient.Reply {
      try await UploadSlotsTests.post(log, port: server.port, key: key)
    }

    /// Sends the rest of the held upload's body and returns the server's answer to it.
    func finish() async throws -> String {
      try holding.write(rest)
      return String(decoding: try await holding.untilClosed(), as: UTF8.self)
    }
  }

  /// With no wait (`--upload-wait 0`), an upload that finds the one slot taken is answered at
  /// once; after the upload in progress, the next is taken.
  @Test func anUploadPastTheSlotsIsAskedToComeBackAndTakenOnceOneIsFree() async throws {
    let held = try await HeldSlot(uploadWait: .zero)
    let refused = try await held.upload(StoreTestLogs.log(2))
    #expect(refused.status == 503, "\(refused.text)")
    #expect(refused.headers["retry-after"] == "1")
    let message = try refused.json()["error"] as? String ?? ""
    #expect(message.contains("(1, --max-uploads)"), "\(message)")

    // The held upload goes on and is stored; its slot is free again before it is answered.
    let answer = try await held.finish()
    #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
    let retried = try await held.upload(StoreTestLogs.log(2))
    #expect(retried.status == 201, "\(retried.text)")
    #expect(try held.store.list(StoredLogFilter()).count == 2)
    await held.server.stop()
  }

  /// With a wait, an upload that finds the one slot taken waits its turn, its body unread, and
  /// is stored once the upload in progress is answered.
  @Test func anUploadPastTheSlotsWaitsItsTurn() async throws {
    let held = try await HeldSlot(uploadWait: UploadSlots.defaultWait)
    let (port, key) = (held.server.port, held.key)
    let waiting = Task { try await Self.post(StoreTestLogs.log(2), port: port, key: key) }
    await held.server.untilUploads(inProgress: 1, waiting: 1)

    let answer = try await held.finish()
    #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
    let waited = try await waiting.value
    #expect(waited.status == 201, "\(waited.text)")
    #expect(try held.store.list(StoredLogFilter()).count == 2)
    await held.server.stop()
  }

  /// A request without a known key, or one too large by its `Content-Length`, is refused
  /// before its body is read and leaves the one slot free: the next upload is stored.
  @Test func aRefusedRequestLeavesTheSlotFree() async throws {
    let directory = try TemporaryDirectory()
    let store = try FolderLogStore(path: directory.url.appendingPathComponent("store").path)
    let key = try store.addKey(app: "ios")
    let log = StoreTestLogs.log(1)
    let server = try await CollectServer.start(
      store: store, host: "127.0.0.1", port: 0, maxBytes: log.count + 16, uploads: 1)
    let unknownKey = try await Self.post(log, port: server.port, key: "rfk_nope")
    #expect(unknownKey.status == 401, "\(unknownKey.text)")
    let tooLarge = try await Self.post(log + [UInt8](repeating: 0x0A, count: 17), port: server.port, key: key)
    #expect(tooLarge.status == 413, "\(tooLarge.text)")
    let stored = try await Self.post(log, port: server.port, key: key)
    #expect(stored.status == 201, "\(stored.text)")
    await server.stop()
  }

  static func post(_ log: [UInt8], port: Int, key: String) async throws -> RawHTTPClient.Reply {
    try await RawHTTPClient.request(
      port: port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(key)")], body: log)
  }
}
