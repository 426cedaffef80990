public import Foundation
import IssueReporting

/// Searches songs: the music search's one dependency.
///
/// The live value, `MusicSearchClient.live()` in the `LiveClients` module (which brings the
/// HTTP stack, so that the reducers do not), speaks the iTunes Search API and points at it by
/// default. Tests substitute a
/// closure, or the loopback demo backend's base URL:
///
/// ```swift
/// let search = MusicSearchClient.live()
/// let tracks = try await search.search("new jeans")   // GET /search?term=new+jeans&…
///
/// // in a test
/// let search = MusicSearchClient.returning([Track(song: "Hype Boy", …)])
/// ```
///
/// Every failure is thrown as a ``SearchError``, except cancellation, which throws
/// `CancellationError`.
public struct MusicSearchClient: Sendable {
  /// Returns the songs matching a search term, as typed (spaces and all).
  public var search: @Sendable (_ term: String) async throws -> [Track]

  public init(search: @escaping @Sendable (_ term: String) async throws -> [Track]) {
    self.search = search
  }
}

extension MusicSearchClient {
  /// Reports an issue naming the endpoint, and throws, when `search` is called.
  public static let unimplemented = Self { _ in
    reportIssue("Unimplemented: MusicSearchClient.search (GET /search) was called.")
    throw UnimplementedEndpoint(name: "MusicSearchClient.search")
  }

  /// Answers every search with `tracks`.
  public static func returning(_ tracks: [Track]) -> Self {
    Self { _ in tracks }
  }

  /// Fails every search with `error`.
  public static func failing(_ error: SearchError) -> Self {
    Self { _ in throw error }
  }
}
