import Foundation
import Hummingbird
import Logging
import LogStorage

/// The inspector's HTTP server: 127.0.0.1 only, on a port the OS picks unless one is asked for,
/// every request checked by ``DevtoolsAccess`` before ``DevtoolsRoutes`` answers it.
final class DevtoolsServer: Sendable {
  /// `http://127.0.0.1:PORT/?token=TOKEN`: the one URL that opens the inspector.
  let url: URL
  let port: Int
  private let server: LoopbackHTTPServer

  private init(url: URL, server: LoopbackHTTPServer) {
    self.url = url
    self.port = server.port
    self.server = server
  }

  /// Starts serving `library` and returns once the server accepts connections.
  static func start(library: DevtoolsLibrary, port: Int = 0, token: String = newToken()) async throws(HostError) -> DevtoolsServer {
    var logger = Logger(label: "refold.devtools")
    logger.logLevel = .error
    let routes = DevtoolsRoutes(library: library)
    // The access rules need the port, which is known only once the server listens.
    let boundPort = PortBox()
    let responder = CallbackResponder { (request: Request, _: BasicRequestContext) in
      await Self.respond(to: request, routes: routes, access: DevtoolsAccess(token: token, port: boundPort.value))
    }
    let server: LoopbackHTTPServer
    do {
      server = try await LoopbackHTTPServer.start(responder, host: "127.0.0.1", port: port, logger: logger)
    } catch {
      throw HostError.badInput("cannot listen on 127.0.0.1:\(port): \(error.reason)")
    }
    boundPort.value = server.port
    return DevtoolsServer(url: URL(string: "http://127.0.0.1:\(server.port)/?token=\(token)")!, server: server)
  }

  /// Waits until the server stops.
  func wait() async {
    await server.wait()
  }

  func stop() async {
    await server.stop()
  }

  deinit {
    server.cancel()
  }

  /// 32 random bytes as hex: unguessable, and safe in a URL as it is.
  static func newToken() -> String {
    Hex.random256()
  }

  private static func respond(to request: Request, routes: DevtoolsRoutes, access: DevtoolsAccess) async -> Response {
    let query = Dictionary(
      request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
    let queryToken = query["token"]
    if let denied = access.check(
      method: request.method.rawValue, host: request.head.authority, path: request.uri.path,
      queryToken: queryToken, headerToken: request.headers[tokenHeader])
    {
      return response(DevtoolsRoutes.Answer.error(denied))
    }
    return response(await routes.answer(path: request.uri.path, query: query))
  }

  private static let tokenHeader = HTTPFields.Element.Name(DevtoolsAccess.tokenHeader)!

  private static func response(_ answer: DevtoolsRoutes.Answer) -> Response {
    var headers: HTTPFields = [
      .contentType: answer.contentType,
      .cacheControl: "no-store",
      // The page runs only its own script and talks only to this server.
      HTTPFields.Element.Name("Content-Security-Policy")!: "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
      HTTPFields.Element.Name("X-Content-Type-Options")!: "nosniff",
    ]
    if let fileName = answer.fileName { headers[.contentDisposition] = "attachment; filename=\"\(fileName)\"" }
    return Response(
      status: .init(code: answer.status),
      headers: headers,
      body: .init(byteBuffer: ByteBuffer(bytes: answer.body))
    )
  }
}

/// The listening port, set once the server runs and read by every request after.
private final class PortBox: @unchecked Sendable {
  private let lock = NSLock()
  private var port = 0
  var value: Int {
    get { lock.withLock { port } }
    set { lock.withLock { port = newValue } }
  }
}
