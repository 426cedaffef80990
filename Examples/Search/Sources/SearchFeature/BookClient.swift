public import Foundation
public import Store

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A book: what a search lists.
public struct Book: Codable, Equatable, Identifiable, Sendable {
  public var id: Int
  public var title: String
  public var author: String

  public init(id: Int, title: String, author: String) {
    self.id = id
    self.title = title
    self.author = author
  }
}

/// The search's dependency: books whose title holds a query, and a book's summary.
public struct BookClient: Sendable {
  public var search: @Sendable (String) async throws -> [Book]
  public var summary: @Sendable (Book.ID) async throws -> String

  public init(
    search: @escaping @Sendable (String) async throws -> [Book],
    summary: @escaping @Sendable (Book.ID) async throws -> String
  ) {
    self.search = search
    self.summary = summary
  }

  /// Asks the server at `baseURL`: `GET /search?q=<query>` answers a JSON array of books,
  /// `GET /summary/<id>` a line of text.
  public static func live(baseURL: URL) -> Self {
    Self(
      search: { query in
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        return try JSONDecoder().decode([Book].self, from: try await get(components.url!))
      },
      summary: { id in
        let body = try await get(baseURL.appendingPathComponent("summary").appendingPathComponent(String(id)))
        return String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      }
    )
  }

  private static func get(_ url: URL) async throws -> Data {
    let (body, response) = try await URLSession.shared.data(from: url)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard (200..<300).contains(status) else {
      throw BookClientError(reason: "\(url.absoluteString) answered \(status)")
    }
    return body
  }

  /// No server to ask: every request fails, saying why.
  public static var unavailable: Self {
    let error = BookClientError(reason: "no book server (give the tool --base-url)")
    return Self(search: { _ in throw error }, summary: { _ in throw error })
  }
}

public struct BookClientError: Error, CustomStringConvertible, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
  public var description: String { reason }
}

/// None in an app until given one; in a test, one that fails saying to override it.
extension BookClient: DependencyKey {
  public static var liveValue: BookClient { .unavailable }
  public static var testValue: BookClient {
    let error = BookClientError(reason: #"unimplemented: override @Dependency(\.books) for this test"#)
    return BookClient(search: { _ in throw error }, summary: { _ in throw error })
  }
}

extension DependencyValues {
  public var books: BookClient {
    get { self[BookClient.self] }
    set { self[BookClient.self] = newValue }
  }
}
