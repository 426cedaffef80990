import Foundation
import Hummingbird
import NIOCore

/// A server that is not the demo backend: it answers `GET {prefix}/search` with a fixed body,
/// as a recorded or hand-written stand-in for the iTunes Search API would. It keeps the query
/// strings it was asked, for the test to check.
final class CannedServer: Sendable {
  let baseURL: URL
  private let queries: Queries
  private let server: LoopbackServer

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
    let server = try await LoopbackServer.start(router, name: "canned server")
    return CannedServer(
      baseURL: URL(string: "http://127.0.0.1:\(server.port)\(prefix)")!, queries: queries, server: server)
  }

  private init(baseURL: URL, queries: Queries, server: LoopbackServer) {
    self.baseURL = baseURL
    self.queries = queries
    self.server = server
  }

  func stop() async {
    await server.stop()
  }

  private final class Queries: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var queries: [String] = []  // NB: only touched with `lock` held.

    var all: [String] { lock.withLock { queries } }
    func append(_ query: String) { lock.withLock { queries.append(query) } }
  }
}
