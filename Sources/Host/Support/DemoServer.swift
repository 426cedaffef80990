import Foundation

/// Runs `body` against `baseURL`, or against a loopback demo backend started for it.
enum DemoServer {
  static func withBaseURL<T>(
    _ baseURL: String?,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> T
  ) async throws -> T {
    if let baseURL {
      guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
        throw HostError.usage("--base-url \(baseURL): not an http(s) URL")
      }
      return try await body(url)
    }
    let backend: DemoBackend
    do {
      backend = try await DemoBackend.start()
    } catch {
      throw HostError(.failure, "cannot start the loopback demo backend: \(error)")
    }
    do {
      let result = try await body(backend.baseURL)
      await backend.stop()
      return result
    } catch {
      await backend.stop()
      throw error
    }
  }
}
