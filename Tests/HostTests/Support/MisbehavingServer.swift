import Foundation
import Hummingbird
import NIOCore

/// A server on loopback that answers `GET /endless/users` with a body that never ends (64 KB
/// chunks, as fast as the client takes them) and `GET /drip/users` with one byte every
/// `dripInterval`, forever: the two ways a server took `refold run userList` past 4.8 GB and past
/// a minute. Both stop when the client goes away.
final class MisbehavingServer: Sendable {
  let baseURL: URL
  private let server: LoopbackServer

  static func start(dripInterval: Duration = .milliseconds(200)) async throws -> MisbehavingServer {
    let router = Router(context: BasicRequestContext.self)
    router.get("endless/users") { _, _ in
      Response(status: .ok, body: ResponseBody { writer in
        let chunk = ByteBuffer(repeating: UInt8(ascii: "["), count: 64 << 10)
        while !Task.isCancelled { try await writer.write(chunk) }
      })
    }
    router.get("drip/users") { _, _ in
      Response(status: .ok, body: ResponseBody { writer in
        while !Task.isCancelled {
          try await writer.write(ByteBuffer(string: " "))
          try await Task.sleep(for: dripInterval)
        }
      })
    }
    let server = try await LoopbackServer.start(router, name: "misbehaving server")
    return MisbehavingServer(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, server: server)
  }

  private init(baseURL: URL, server: LoopbackServer) {
    self.baseURL = baseURL
    self.server = server
  }

  func stop() async {
    await server.stop()
  }
}
