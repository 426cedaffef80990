import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// A Hummingbird application serving a router on 127.0.0.1, at a port the OS chose, until
/// ``stop()``: what the tests' own servers (``CannedServer``, ``MisbehavingServer``) run on.
struct LoopbackServer: Sendable {
  let port: Int
  private let serviceGroup: ServiceGroup
  private let runTask: Task<Void, any Error>

  /// Starts serving `router`; returns once it listens. `name` goes into the error if it never does.
  static func start(_ router: Router<BasicRequestContext>, name: String) async throws -> LoopbackServer {
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
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the \(name) never listened"])
    }
    return LoopbackServer(port: port, serviceGroup: serviceGroup, runTask: runTask)
  }

  func stop() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await runTask.result
  }
}
