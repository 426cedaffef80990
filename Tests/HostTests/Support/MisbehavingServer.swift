import Foundation
import Hummingbird
import NIOCore

/// A server on loopback that answers `GET /endless/users` with a body that never ends (64 KB
/// chunks, as fast as the client takes them) and `GET /drip/users` with one byte every
/// `dripInterval`, forever: the two ways a server took `refold run userList` past 4.8 GB and past
/// a minute. Both stop when the client goes away. `POST /endless/v1/logs` and
/// `POST /drip/v1/logs` answer an upload the same ways; `POST /slow/v1/logs` refuses it after
/// `slowAnswer`.
final class MisbehavingServer: Sendable {
  let baseURL: URL
  private let server: LoopbackServer

  static func start(
    dripInterval: Duration = .milliseconds(200), slowAnswer: Duration = .seconds(2)
  ) async throws -> MisbehavingServer {
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
    // The same answers to an upload (`POST …/v1/logs`, as `LogUploader` posts), each request
    // told on `arrivals` once it is in.
    let (arrivals, arrived) = AsyncStream<String>.makeStream()
    router.post("endless/v1/logs") { _, _ in
      arrived.yield("endless")
      return Response(status: .created, body: ResponseBody { writer in
        let chunk = ByteBuffer(repeating: UInt8(ascii: "{"), count: 64 << 10)
        while !Task.isCancelled { try await writer.write(chunk) }
      })
    }
    router.post("drip/v1/logs") { _, _ in
      arrived.yield("drip")
      return Response(status: .created, body: ResponseBody { writer in
        while !Task.isCancelled {
          try await writer.write(ByteBuffer(string: " "))
          try await Task.sleep(for: dripInterval)
        }
      })
    }
    // A server that takes its time over an answer, as one waiting on a busy database does.
    router.post("slow/v1/logs") { _, _ in
      arrived.yield("slow")
      try await Task.sleep(for: slowAnswer)
      return Response(status: .unauthorized, body: .init(byteBuffer: ByteBuffer(string: #"{"error":"slow refusal"}"#)))
    }
    let server = try await LoopbackServer.start(router, name: "misbehaving server")
    return MisbehavingServer(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, server: server, arrivals: arrivals)
  }

  /// The uploads that reached the server, by route, as they arrive.
  let arrivals: AsyncStream<String>

  private init(baseURL: URL, server: LoopbackServer, arrivals: AsyncStream<String>) {
    self.baseURL = baseURL
    self.server = server
    self.arrivals = arrivals
  }

  func stop() async {
    await server.stop()
  }
}
