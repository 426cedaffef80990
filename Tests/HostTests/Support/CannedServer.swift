import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// A server that is not the demo backend: it answers `GET {prefix}/search` with a fixed body,
/// as a recorded or hand-written stand-in for the iTunes Search API would. It keeps the query
/// strings it was asked, for the test to check.
final class CannedServer: Sendable {
  let baseURL: URL
  private let queries: Queries
  private let serviceGroup: ServiceGroup
  private let runTask: Task<Void, any Error>

  /// The query strings of the `/search` requests so far, in order.
  var searchQueries: [String] { queries.all }

  /// Starts a server on an OS-chosen port that serves `searchBody` under `prefix`.
  static func start(prefix: String, searchBody: Data) async throws -> CannedServer {
    let queries = Queries()
    let router = Router(context: BasicRequestContext.self)
    router.get("\(prefix)/search") { request, _ in
      queries.append(request.uri.query ?? "")
      var headers = HTTPFields()
      headers[.contentType] = "text/javascript; charset=utf-8"  // what iTunes really sends
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: searchBody)))
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
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the canned server never listened"])
    }
    return CannedServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)\(prefix)")!, queries: queries, serviceGroup: serviceGroup,
      runTask: runTask)
  }

  private init(baseURL: URL, queries: Queries, serviceGroup: ServiceGroup, runTask: Task<Void, any Error>) {
    self.baseURL = baseURL
    self.queries = queries
    self.serviceGroup = serviceGroup
    self.runTask = runTask
  }

  func stop() async {
    await serviceGroup.triggerGracefulShutdown()
    _ = await runTask.result
  }

  private final class Queries: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var queries: [String] = []  // NB: only touched with `lock` held.

    var all: [String] { lock.withLock { queries } }
    func append(_ query: String) { lock.withLock { queries.append(query) } }
  }
}
