import Foundation
import LogUpload
import Testing

@testable import Host
@testable import LogStorage

/// `refold collect` against slow and greedy clients (slowloris): a head sent a line at a time,
/// a body a byte at a time, and more connections than a process has files, none of which may
/// keep a legitimate upload out. The timeouts are short here so that each test awaits the
/// server closing the connection instead of sleeping.
@Suite(.serialized)
struct SlowClientTests {
  /// A collect server on 127.0.0.1 with `limits`, and a key for it.
  final class Collecting {
    let directory: TemporaryDirectory
    let store: FolderLogStore
    let server: CollectServer
    let key: String

    init(_ limits: ConnectionLimits) async throws {
      directory = try TemporaryDirectory()
      store = try FolderLogStore(path: directory.url.appendingPathComponent("store").path)
      key = try store.addKey(app: "ios")
      server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: 1 << 20, limits: limits)
    }
  }

  static let long = Duration.seconds(3600)

  @Test func aHeadSentALineAtATimeIsCutOffAtTheHeaderTimeout() async throws {
    let collecting = try await Collecting(
      ConnectionLimits(headerTimeout: .milliseconds(200), bodyTimeout: Self.long, perAddress: 64, total: 512))
    let slow = try SlowSocket(port: collecting.server.port)
    try slow.write("POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    let sent = try await slow.untilClosed()
    #expect(sent.isEmpty, "closed without an answer: \(String(decoding: sent, as: UTF8.self))")
    await collecting.server.stop()
  }

  @Test func aConnectionThatSendsNothingIsCutOffAtTheHeaderTimeout() async throws {
    let collecting = try await Collecting(
      ConnectionLimits(headerTimeout: .milliseconds(200), bodyTimeout: Self.long, perAddress: 64, total: 512))
    let silent = try SlowSocket(port: collecting.server.port)
    _ = try await silent.untilClosed()
    await collecting.server.stop()
  }

  @Test func aDrippingChunkedBodyIsCutOffAtTheBodyTimeout() async throws {
    let collecting = try await Collecting(
      ConnectionLimits(headerTimeout: Self.long, bodyTimeout: .milliseconds(200), perAddress: 64, total: 512))
    let dripping = try SlowSocket(port: collecting.server.port)
    // A head the server takes (a known key), then a body of one byte that never goes on.
    try dripping.write(
      "POST /v1/logs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(collecting.key)\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n")
    _ = try await dripping.untilClosed()
    // The server still takes an upload that keeps coming.
    let reply = try await RawHTTPClient.request(
      port: collecting.server.port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(collecting.key)")],
      body: StoreTestLogs.log(1))
    #expect(reply.status == 201, "\(reply.text)")
    await collecting.server.stop()
  }

  @Test func anAddressPastItsShareIsClosedAtOnce() async throws {
    let collecting = try await Collecting(
      ConnectionLimits(headerTimeout: Self.long, bodyTimeout: Self.long, perAddress: 2, total: 512))
    // Two connections, each answered once (so each is counted) and kept open.
    var held: [SlowSocket] = []
    for _ in 0..<2 {
      let socket = try SlowSocket(port: collecting.server.port, from: "127.0.0.2")
      try socket.write("GET /v1/logs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      let answer = try await socket.firstBytes()
      #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 405"))
      held.append(socket)
    }
    let third = try SlowSocket(port: collecting.server.port, from: "127.0.0.2")
    _ = try await third.untilClosed()
    // Another address is served while 127.0.0.2 holds its share.
    let reply = try await RawHTTPClient.request(
      port: collecting.server.port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(collecting.key)")],
      body: StoreTestLogs.log(2))
    #expect(reply.status == 201, "\(reply.text)")
    held.removeAll()
    await collecting.server.stop()
  }

  /// The attack of the report, against `refold collect` as run: 1,000 connections from one
  /// address that send a header line and stop, against a collector with 256 open files (what
  /// once kept it from accepting anything for 40 s). An upload from another address is
  /// answered at once; the uploader's 30 s timeout only bounds the test when it is not.
  @Test func aThousandSlowConnectionsDoNotKeepAnUploadOut() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let key = try await RefoldProcess.run(["store", "key", "add", "ios", "--store", store])
    #expect(key.status == 0, "\(key.stderr)")
    let (child, line) = try await startRefold(
      ["collect", "--listen", "127.0.0.1:0", "--store", store], firstLineHolding: "/v1/logs", shell: "ulimit -n 256")
    let port = try SpoolLeftoverTests.port(line)

    var attackers: [SlowSocket] = []
    for _ in 0..<1000 {
      let socket = try SlowSocket(port: port, from: "127.0.0.2", waiting: false)
      try? socket.write("POST /v1/logs HTTP/1.1\r\n")
      attackers.append(socket)
    }
    let uploader = LogUploader(
      server: URL(string: "http://127.0.0.1:\(port)")!, key: key.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
      options: .init(attempts: 1, timeout: .seconds(30)))
    let receipt = try await uploader.upload(Data(StoreTestLogs.log(3)), name: "legitimate")
    #expect(receipt.isNew)

    attackers.removeAll()
    child.process.terminate()
    _ = try await offThePool { child.wait() }
  }
}
