package import Foundation

/// The server a run's effects talk to: `--base-url`, or the host's default server started for
/// the run and stopped after it.
package enum HostedServers {
  /// Runs `body` against `baseURL`, or against the host's default server (``HostConfiguration/defaultServer``),
  /// or with no URL when the host has none.
  package static func withBaseURL<T>(
    _ baseURL: String?,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL?) async throws -> T
  ) async throws -> T {
    if let baseURL {
      guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
        throw HostError.usage("--base-url \(Terminal.quoted(baseURL)): not an http(s) URL")
      }
      return try await body(url)
    }
    guard let start = HostConfiguration.current.defaultServer else { return try await body(nil) }
    return try await withServer(start) { try await body($0) }
  }

  /// Runs `body` against a server `start` starts, and stops it after, whatever happens.
  package static func withServer<T>(
    _ start: @Sendable () async throws -> any HostedServer,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> T
  ) async throws -> T {
    let server: any HostedServer
    do {
      server = try await start()
    } catch {
      throw HostError(.failure, "cannot start the server for the run: \(error)")
    }
    do {
      let result = try await body(server.baseURL)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}
