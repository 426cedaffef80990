import Foundation
import LogUpload
import NIOCore
import NIOPosix
import Testing

/// `https://` keeps the uploader's bounds from the TCP connection on, the TLS handshake
/// included: a server that accepts and never answers the handshake is given up at the timeout,
/// and a cancelled upload closes its connection mid-handshake and ends. (The answer's bounds
/// over TLS: ``HTTPSAnswerTests``.)
@Suite(.serialized)
struct UploaderTLSTransportTests {
  private func uploader(_ port: Int, timeout: Duration) -> LogUploader {
    LogUploader(
      server: URL(string: "https://127.0.0.1:\(port)")!, key: "rfk_" + String(repeating: "a", count: 64),
      options: .init(attempts: 1, timeout: timeout))
  }

  @Test func aHandshakeThatNeverEndsIsCutAtTheTimeout() async throws {
    let server = try await SilentServer.start()
    let error = await #expect(throws: LogUploadError.self) {
      _ = try await uploader(server.port, timeout: .seconds(1)).upload(Data("{}\n".utf8), name: "log 1")
    }
    #expect(error?.message == "no answer: no complete answer within 1.0 seconds", "\(String(describing: error))")
    await server.stop()
  }

  @Test func aCancelledUploadClosesItsConnectionMidHandshake() async throws {
    let server = try await SilentServer.start()
    var events = server.events.makeAsyncIterator()
    let upload = Task { try await uploader(server.port, timeout: .seconds(600)).upload(Data("{}\n".utf8), name: "log 1") }
    #expect(await events.next() == "connected")
    upload.cancel()
    await #expect(throws: CancellationError.self) { _ = try await upload.value }
    // Only the client's closing ends the connection: the server never would.
    #expect(await events.next() == "closed")
    await server.stop()
  }
}

/// A TCP server on 127.0.0.1 that accepts and never sends a byte, so a TLS client waits in its
/// handshake; ``events`` says when a connection opens and when it closes.
private final class SilentServer: Sendable {
  let port: Int
  let events: AsyncStream<String>
  private let listener: any Channel

  private init(port: Int, events: AsyncStream<String>, listener: any Channel) {
    self.port = port
    self.events = events
    self.listener = listener
  }

  static func start() async throws -> SilentServer {
    let (events, continuation) = AsyncStream<String>.makeStream()
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Witness(continuation)) }
      }
      .bind(host: "127.0.0.1", port: 0)
      .get()
    return SilentServer(port: listener.localAddress?.port ?? 0, events: events, listener: listener)
  }

  func stop() async {
    try? await listener.close()
  }

  private final class Witness: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let continuation: AsyncStream<String>.Continuation

    init(_ continuation: AsyncStream<String>.Continuation) {
      self.continuation = continuation
    }

    func channelActive(context: ChannelHandlerContext) {
      continuation.yield("connected")
      context.fireChannelActive()
    }

    /// What the client sends (its ClientHello) is read and dropped.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func channelInactive(context: ChannelHandlerContext) {
      continuation.yield("closed")
      context.fireChannelInactive()
    }
  }
}
