package import Hummingbird
import HummingbirdCore
package import Logging
import ServiceLifecycle

/// A Hummingbird application listening on one address, started and stopped as a unit: what
/// `refold devtools` and the demo backend both run. ``start(_:host:port:logger:)`` returns
/// once it accepts connections, with the port the OS picked when asked for port 0. Given
/// ``ConnectionLimits`` (`refold collect`), slow and greedy clients are cut off.
package struct LoopbackHTTPServer: Sendable {
  /// The server never listened (the port is taken, the address cannot be bound): why.
  package struct ListenFailure: Error, Sendable {
    package var reason: String
  }

  package let port: Int
  private let serviceGroup: ServiceGroup
  private let runTask: Task<Void, any Error>

  package static func start<Responder: HTTPResponder>(
    _ responder: Responder, host: String, port: Int, limits: ConnectionLimits? = nil, logger: Logger
  ) async throws(ListenFailure) -> LoopbackHTTPServer where Responder.Context == BasicRequestContext {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let addresses = ConnectionsByAddress()
    let app = Application(
      responder: responder,
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: limits.map { [SlowClientGuard(limits: $0, addresses: addresses)] } ?? [])),
      configuration: .init(
        address: .hostname(host, port: port),
        availableConnectionsDelegate: limits.map { MaximumAvailableConnections($0.total) }),
      onServerRunning: { channel in
        portContinuation.yield(channel.localAddress?.port ?? port)
        portContinuation.finish()
      },
      logger: logger
    )
    var configuration = ServiceGroupConfiguration(services: [app], logger: logger)
    // NB: a slow handler stops at once on shutdown; the bound only guards against a stuck one.
    configuration.maximumGracefulShutdownDuration = .seconds(5)
    let serviceGroup = ServiceGroup(configuration: configuration)
    let runTask = Task {
      defer { portContinuation.finish() }
      try await serviceGroup.run()
    }
    var listening: Int?
    for await bound in ports { listening = bound }
    guard let listening else {
      // The server never ran: binding failed. Its error says why.
      do {
        try await runTask.value
      } catch {
        throw ListenFailure(reason: String(describing: error))
      }
      throw ListenFailure(reason: "the server stopped before it listened")
    }
    return LoopbackHTTPServer(port: listening, serviceGroup: serviceGroup, runTask: runTask)
  }

  /// Stops accepting connections, lets the requests in flight end, and returns once the server
  /// has stopped.
  package func stop() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await runTask.result
  }

  /// Returns once the server has stopped.
  package func wait() async {
    _ = await runTask.result
  }

  /// Stops the server without waiting: for an owner released without ``stop()``.
  package func cancel() {
    runTask.cancel()
  }
}
