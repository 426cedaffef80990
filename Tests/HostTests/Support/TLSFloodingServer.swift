import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// ``FloodingServer``'s answers over TLS, on 127.0.0.1 with a ``SelfSignedCertificate``: any
/// path under `/endless` gets an answer that never ends (a head with neither a length nor
/// chunks, then 1 MiB blocks of `[`), `/users` a user list, anything else a 404 at once.
///
/// NB: SwiftNIO with NIOSSL on an event loop of its own, not the blocking threads of
///     ``FloodingServer``, which has no TLS. The flood still keeps the socket full: each block
///     is written and flushed while the connection is writable, and the next as soon as it is
///     again, without waiting for a write to finish.
final class TLSFloodingServer: Sendable {
  let port: Int
  private let listener: any Channel
  private let group: MultiThreadedEventLoopGroup

  /// `https://127.0.0.1:PORT`.
  var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

  /// The one user of `/users`, in JSONPlaceholder's shape.
  static let usersBody = #"[{"id":1,"name":"Leanne Graham","username":"Bret","email":"Sincere@april.biz"}]"#

  private init(port: Int, listener: any Channel, group: MultiThreadedEventLoopGroup) {
    self.port = port
    self.listener = listener
    self.group = group
  }

  /// Listens on a port the OS chooses, presenting `certificate`.
  static func start(_ certificate: SelfSignedCertificate) async throws -> TLSFloodingServer {
    let configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.certificate).map { .certificate($0) },
      privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.key, format: .pem)))
    let context = try NIOSSLContext(configuration: configuration)
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
      let listener = try await ServerBootstrap(group: group)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
            try channel.pipeline.syncOperations.addHandler(Answerer())
          }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
      return TLSFloodingServer(port: listener.localAddress?.port ?? 0, listener: listener, group: group)
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
  }

  /// Stops listening and closes every connection.
  func stop() async {
    try? await listener.close()
    try? await group.shutdownGracefully()
  }
}

/// Reads a request's head (a body, if any, is left unread) and answers by its target.
private final class Answerer: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private static let block = ByteBuffer(repeating: UInt8(ascii: "["), count: 1 << 20)
  private var head = ByteBuffer()
  private var isAnswered = false
  private var isFlooding = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isAnswered else { return }
    var part = unwrapInboundIn(data)
    head.writeBuffer(&part)
    guard String(decoding: head.readableBytesView, as: UTF8.self).contains("\r\n\r\n") else {
      if head.readableBytes > 64 << 10 { context.close(promise: nil) }
      return
    }
    isAnswered = true
    // NB: Bytes, not a String's Characters: "\r\n" is one Character, which is never "\r".
    let requestLine = String(decoding: head.readableBytesView.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
      .split(separator: " ")
    let target = requestLine.count == 3 ? String(requestLine[1]) : ""
    if target.hasPrefix("/endless") {
      write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", context: context)
      isFlooding = true
      flood(context: context)
    } else if target == "/users" {
      answer(TLSFloodingServer.usersBody, status: "200 OK", context: context)
    } else {
      answer(#"{"error":"not found"}"#, status: "404 Not Found", context: context)
    }
  }

  /// Writes blocks while the connection takes them; ``channelWritabilityChanged(context:)``
  /// starts again once it does.
  private func flood(context: ChannelHandlerContext) {
    while isFlooding, context.channel.isActive, context.channel.isWritable {
      context.writeAndFlush(wrapOutboundOut(Self.block), promise: nil)
    }
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    flood(context: context)
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    isFlooding = false
    context.fireChannelInactive()
  }

  /// The client gone (a reset, a failed write) or TLS refused: the connection ends.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    isFlooding = false
    context.close(promise: nil)
  }

  /// NB: The connection stays open: the client closes it once it has the answer, as
  ///     ``FloodingServer`` waits for it to.
  private func answer(_ body: String, status: String, context: ChannelHandlerContext) {
    write(
      "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
      context: context)
  }

  private func write(_ text: String, context: ChannelHandlerContext) {
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
  }
}
