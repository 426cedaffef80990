import Foundation

extension MusicSearch {
  /// The search field and what it found.
  ///
  /// JSON: `{"query":"new jeans","results":[{"song":"Hype Boy","artist":"NewJeans",
  /// "album":"New Jeans","imageURL":"https:\/\/…","releaseDate":"2022-08-01T12:00:00Z"}],
  /// "isSearching":false}`, with `"error":"network"` after a failed search.
  public struct State: Codable, Equatable, Sendable {
    /// The search field, as typed.
    public var query: String
    /// The last search's songs.
    public var results: [Track]
    /// A search is waiting out the debounce or in flight.
    public var isSearching: Bool
    /// Why the last search failed.
    public var error: SearchError?

    public init(query: String = "", results: [Track] = [], isSearching: Bool = false, error: SearchError? = nil) {
      self.query = query
      self.results = results
      self.isSearching = isSearching
      self.error = error
    }

    /// The term a search is made with: the query without surrounding whitespace. Empty means
    /// "no search". The client turns its spaces into `+` in the request URL.
    public var searchTerm: String {
      query.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The message for ``error``, in Korean.
    public var errorMessage: String? { errorMessage(in: .korean) }

    /// The message for ``error`` from `messages`.
    public func errorMessage(in messages: Messages) -> String? {
      error.map { error in
        switch error {
        case .data: messages.searchDataError
        case .network: messages.searchNetworkError
        case .parse: messages.searchParseError
        }
      }
    }
  }

  /// JSON: `{"queryChanged":{"_0":"new jeans"}}`,
  /// `{"searchResponse":{"_0":{"success":{"_0":[…tracks…]}}}}`,
  /// `{"searchResponse":{"_0":{"failure":{"_0":"network"}}}}`.
  public enum Action: Codable, Equatable, Sendable {
    /// The search field changed.
    case queryChanged(String)
    /// The search effect's answer.
    case searchResponse(Result<[Track], SearchError>)
  }
}
