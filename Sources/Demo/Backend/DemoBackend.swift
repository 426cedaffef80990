public import Foundation
public import Host
import Hummingbird
public import Logging

/// A real HTTP server on the loopback interface that speaks the shapes of the services the
/// tutorials used: Strapi's login, the iTunes Search API and JSONPlaceholder's users, with the
/// fixture data in ``DemoFixtures``.
///
/// `refold demo`, `refold run` without `--base-url`, and the tests all use it:
///
/// ```swift
/// let backend = try await DemoBackend.start()          // 127.0.0.1, a port the OS picks
/// let search = MusicSearchClient.live(baseURL: backend.baseURL)
/// let tracks = try await search.search("new jeans")
/// #expect(backend.requestCount(for: "/search") == 1)
/// await backend.stop()
/// ```
///
/// It logs nothing to standard output: without a logger it writes errors only, to standard
/// error, because `refold run` prints its JSON on standard output.
public final class DemoBackend: Sendable {
  /// `http://127.0.0.1:PORT`, for the clients' `live(baseURL:)`.
  public let baseURL: URL
  /// The port the server listens on, chosen by the OS unless one was asked for.
  public let port: Int

  let state: DemoBackendState
  private let server: LoopbackHTTPServer

  private init(baseURL: URL, port: Int, state: DemoBackendState, server: LoopbackHTTPServer) {
    self.baseURL = baseURL
    self.port = port
    self.state = state
    self.server = server
  }

  /// Starts a backend and returns once it accepts connections.
  ///
  /// - Parameters:
  ///   - host: The address to bind. Keep the default: the backend is for this machine only.
  ///   - port: The port to bind; 0 lets the OS pick a free one (read it back from ``port``).
  ///   - logger: Where the server logs. The default writes errors only, to standard error.
  public static func start(
    host: String = "127.0.0.1",
    port: Int = 0,
    logger: Logger? = nil
  ) async throws -> DemoBackend {
    let state = DemoBackendState()
    let server: LoopbackHTTPServer
    do {
      server = try await LoopbackHTTPServer.start(
        makeRouter(state: state).buildResponder(), host: host, port: port, logger: logger ?? defaultLogger())
    } catch {
      throw DemoBackendError(host: host, port: port, reason: error.reason)
    }
    let urlHost = host.contains(":") ? "[\(host)]" : host
    return DemoBackend(
      baseURL: URL(string: "http://\(urlHost):\(server.port)")!,
      port: server.port,
      state: state,
      server: server
    )
  }

  /// Stops accepting connections, ends slow requests, waits for the server to finish, and
  /// returns. Calling it again does nothing.
  public func stop() async {
    state.beginStopping()
    await server.stop()
  }

  deinit {
    // A backend dropped without `stop()` must not leave a server running.
    server.cancel()
  }

  // MARK: Test hooks

  /// How many requests `path` (e.g. `"/search"`) has received.
  public func requestCount(for path: String) -> Int { state.snapshot.requests[path, default: 0] }

  /// How many requests to `path` are being handled right now.
  public func inFlightCount(for path: String) -> Int { state.snapshot.inFlight[path, default: 0] }

  /// How many slow requests to `path` ended because their client closed the connection.
  public func disconnectCount(for path: String) -> Int { state.snapshot.disconnects[path, default: 0] }

  /// All counts at once.
  public var counts: Counts { state.snapshot }

  /// Sets all counts back to zero.
  public func resetCounts() { state.resetCounts() }

  /// Makes `path` (`"/auth/local"`, `"/search"` or `"/users"`) answer with `behavior` until it
  /// is set back to ``DemoBehavior/fixtures``.
  public func setBehavior(_ behavior: DemoBehavior, for path: String) {
    state.setBehavior(behavior, for: path)
  }

  /// Waits until `condition` holds for the counts, checking on every change (no polling).
  ///
  /// - Returns: true when it held, false when `timeout` passed first, the backend stopped, or
  ///   the task was cancelled. The timeout is a safety net for tests, not a way to wait.
  @discardableResult
  public func waitUntil(
    timeout: Duration = .seconds(10),
    _ condition: @escaping @Sendable (Counts) -> Bool
  ) async -> Bool {
    let counts = state.observe()
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await current in counts where condition(current) { return true }
        return false
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let result = await group.next() ?? false
      group.cancelAll()
      return result
    }
  }

  private static func defaultLogger() -> Logger {
    var logger = Logger(label: "refold.demo-backend") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .error
    return logger
  }
}

/// The demo backend could not start, usually because the port is taken.
public struct DemoBackendError: Error, CustomStringConvertible, Sendable {
  public var host: String
  public var port: Int
  public var reason: String

  public var description: String { "The demo backend cannot listen on \(host):\(port): \(reason)" }
}

// `refold run` starts it when no --base-url is given.
extension DemoBackend: HostedServer {}
