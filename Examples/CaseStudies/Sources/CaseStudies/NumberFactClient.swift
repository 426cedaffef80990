public import Store

/// A fact about a number: what the cancellation and refresh studies ask for. None in an app
/// until given one; in a test, one that fails saying to override it.
public struct NumberFactClient: Sendable {
  public var fetch: @Sendable (Int) async throws -> String

  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }
}

public struct NumberFactError: Error, Equatable, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
}

extension NumberFactClient: DependencyKey {
  public static var liveValue: NumberFactClient {
    NumberFactClient { _ in throw NumberFactError(reason: "no fact server in this study") }
  }
  public static var testValue: NumberFactClient {
    NumberFactClient { _ in throw NumberFactError(reason: #"unimplemented: override @Dependency(\.numberFact)"#) }
  }
}

extension DependencyValues {
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
