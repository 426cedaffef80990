import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The example's own dependency: a fact about a number, from `GET <base URL>/fact/<n>`.
public struct FactClient: Sendable {
  public var fact: @Sendable (Int) async throws -> String

  public init(fact: @escaping @Sendable (Int) async throws -> String) {
    self.fact = fact
  }

  /// Asks the server at `baseURL`.
  public static func live(baseURL: URL) -> Self {
    Self { number in
      let url = baseURL.appendingPathComponent("fact").appendingPathComponent(String(number))
      let (body, response) = try await URLSession.shared.data(from: url)
      guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
        throw FactError(reason: "\(url.absoluteString) answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
      }
      return String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// No server to ask: every fact fails, saying why.
  public static var unavailable: Self {
    Self { _ in throw FactError(reason: "no fact server (give the tool --base-url)") }
  }
}

public struct FactError: Error, CustomStringConvertible, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
  public var description: String { reason }
}
