import Foundation
import Hummingbird
import ServiceLifecycle

/// The three endpoints, answering in the real services' wire shapes.
extension DemoBackend {
  static func makeRouter(state: DemoBackendState) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: CountingMiddleware(state: state))
    router.post("/auth/local") { request, _ in
      try await DemoRoutes(state: state).login(request)
    }
    router.get("/search") { request, _ in
      try await DemoRoutes(state: state).search(request)
    }
    router.get("/users") { request, _ in
      try await DemoRoutes(state: state).users(request)
    }
    return router
  }
}

/// Counts every request by path, including the ones no route matches.
struct CountingMiddleware<Context: RequestContext>: RouterMiddleware {
  let state: DemoBackendState

  func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    state.update {
      $0.requests[path, default: 0] += 1
      $0.inFlight[path, default: 0] += 1
    }
    defer { state.update { $0.inFlight[path, default: 0] -= 1 } }
    return try await next(request, context)
  }
}

struct DemoRoutes {
  let state: DemoBackendState

  // MARK: POST /auth/local (Strapi v4)

  func login(_ request: Request) async throws -> Response {
    // The behaviour may hide in the body (a magic identifier), so the whole login runs under
    // the disconnect watch; a login's connection is then closed after its answer, which is fine.
    try await watchingForDisconnect(request, path: "/auth/local") { body in
      let configured = state.behavior(for: "/auth/local")
      if configured != .fixtures { return try await answer(configured, path: "/auth/local", fixtures: nil) }

      let bytes = try await body.collect(upTo: 64 * 1024)
      guard
        let credentials = try? JSONDecoder().decode(LoginBody.self, from: Data(bytes.readableBytesView)),
        let identifier = credentials.identifier, let password = credentials.password
      else {
        return strapiError(status: 400, name: "ValidationError", message: "Missing identifier or password")
      }
      let fixtures = { () -> Response in
        guard let account = DemoFixtures.account(identifier: identifier, password: password) else {
          return strapiError(status: 400, name: "ValidationError", message: "Invalid identifier or password")
        }
        return json(.ok, LoginReplyBody(account: account))
      }
      return try await answer(DemoBehavior(magic: identifier) ?? .fixtures, path: "/auth/local", fixtures: fixtures)
    }
  }

  // MARK: GET /search (iTunes Search API)

  func search(_ request: Request) async throws -> Response {
    let term = formDecodedQuery(request.uri.query)["term"] ?? ""
    let fixtures = { () -> Response in
      let songs = DemoFixtures.search(term)
      return json(.ok, SearchReplyBody(resultCount: songs.count, results: songs.map(SearchReplyBody.Result.init)))
    }
    return try await answer(DemoBehavior(magic: term) ?? state.behavior(for: "/search"), request, path: "/search", fixtures: fixtures)
  }

  // MARK: GET /users (JSONPlaceholder)

  func users(_ request: Request) async throws -> Response {
    try await answer(state.behavior(for: "/users"), request, path: "/users") {
      json(.ok, DemoFixtures.users)
    }
  }

  // MARK: Behaviours

  /// Answers a request whose behaviour is known before its body is read: only a slow answer
  /// needs the disconnect watch (which costs the connection its keep-alive).
  private func answer(
    _ behavior: DemoBehavior,
    _ request: Request,
    path: String,
    fixtures: @escaping () -> Response
  ) async throws -> Response {
    guard case .slow = behavior else { return try await answer(behavior, path: path, fixtures: fixtures) }
    return try await watchingForDisconnect(request, path: path) { _ in
      try await answer(behavior, path: path, fixtures: fixtures)
    }
  }

  private func answer(
    _ behavior: DemoBehavior,
    path: String,
    fixtures: (() -> Response)?
  ) async throws -> Response {
    switch behavior {
    case .fixtures:
      return fixtures?() ?? json(.ok, [String: String]())
    case .status(let code):
      let status = HTTPResponse.Status(code: code, reasonPhrase: reasonPhrase(code))
      if path == "/auth/local" {
        return strapiError(status: code, name: errorName(code), message: status.reasonPhrase)
      }
      return json(status, ["errorMessage": status.reasonPhrase])
    case .body(let code, let text):
      return Response(
        status: HTTPResponse.Status(code: code),
        headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: text))
      )
    case .slow(let delay):
      // Throws CancellationError when the backend stops or the client goes away.
      try await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
      return fixtures?() ?? json(.ok, [String: String]())
    }
  }

  /// Runs `operation` with the request body, cancelling it when the client closes the
  /// connection. A cancelled request is counted as a disconnect; one cut short because the
  /// backend is stopping gets a 503.
  private func watchingForDisconnect(
    _ request: Request,
    path: String,
    _ operation: (RequestBody) async throws -> Response
  ) async throws -> Response {
    do {
      // NB: Hummingbird requires the body to be untouched here: it feeds it to `operation` and
      //     keeps reading the connection to notice when it closes.
      return try await request.body.consumeWithCancellationOnInboundClose(operation)
    } catch is CancellationError {
      if state.isStopping || Task.isShuttingDownGracefully {
        return json(.serviceUnavailable, ["errorMessage": "The demo backend is stopping"])
      }
      state.update { $0.disconnects[path, default: 0] += 1 }
      throw CancellationError()
    }
  }

  private func reasonPhrase(_ code: Int) -> String {
    switch code {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "HTTP \(code)"
    }
  }

  private func errorName(_ code: Int) -> String {
    switch code {
    case 400: "ValidationError"
    case 401: "UnauthorizedError"
    case 403: "ForbiddenError"
    case 404: "NotFoundError"
    case 429: "RateLimitError"
    case 500..<600: "InternalServerError"
    default: "ApplicationError"
    }
  }
}
