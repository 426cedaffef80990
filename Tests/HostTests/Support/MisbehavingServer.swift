import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// A server on loopback that answers `GET /endless/users` with a body that never ends (64 KB
/// chunks, as fast as the client takes them) and `GET /drip/users` with one byte every
/// `dripInterval`, forever: the two ways a server took `refold run userList` past 4.8 GB and past
/// a minute. Both stop when the client goes away.
final class MisbehavingServer: Sendable {
  let baseURL: URL
  private let serviceGroup: ServiceGroup
  private let runTask: Task<Void, any Error>

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
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router,
      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in
        portContinuation.yield(channel.localAddress?.port ?? 0)
        portContinuation.finish()
      }
    )
    let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
    let runTask = Task {
      defer { portContinuation.finish() }
      try await serviceGroup.run()
    }
    var port: Int?
    for await bound in ports { port = bound }
    guard let port else {
      try await runTask.value
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the misbehaving server never listened"])
    }
    return MisbehavingServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, serviceGroup: serviceGroup, runTask: runTask)
  }

  private init(baseURL: URL, serviceGroup: ServiceGroup, runTask: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.serviceGroup = serviceGroup
    self.runTask = runTask
  }

  func stop() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await runTask.result
  }
}
