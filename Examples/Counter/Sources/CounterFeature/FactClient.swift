import Foundation
public import Store

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

/// The client a `Counter` reads: none in an app until given one (`Store(…) { $0.facts = … }`),
/// and in a test one that answers with an error saying to override it, which the test then
/// sees as a response it did not expect.
extension FactClient: DependencyKey {
  public static var liveValue: FactClient { .unavailable }
  public static var testValue: FactClient {
    FactClient { _ in
      throw FactError(reason: #"unimplemented: override @Dependency(\.facts) for this test"#)
    }
  }
}

extension DependencyValues {
  public var facts: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}
