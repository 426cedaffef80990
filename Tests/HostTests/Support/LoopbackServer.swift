import Foundation
import Hummingbird
import Logging

@testable import Host

/// A Hummingbird application serving a router on 127.0.0.1, at a port the OS chose, until
/// ``stop()``: what the tests' own servers (``CannedServer``, ``MisbehavingServer``) run on.
struct LoopbackServer: Sendable {
  let port: Int
  private let server: LoopbackHTTPServer

  /// Starts serving `router`; returns once it listens. `name` goes into the error if it never does.
  static func start(_ router: Router<BasicRequestContext>, name: String) async throws -> LoopbackServer {
    do {
      let server = try await LoopbackHTTPServer.start(
        router.buildResponder(), host: "127.0.0.1", port: 0, logger: Logger(label: "refold.tests.\(name)"))
      return LoopbackServer(port: server.port, server: server)
    } catch {
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the \(name) never listened: \(error.reason)"])
    }
  }

  func stop() async {
    await server.stop()
  }
}
