import Foundation

/// The music search: it searches as the user types, once they pause. Its client and its clock
/// are dependencies (`\.musicSearch`, `\.continuousClock`).
///
/// ```swift
/// let store = Store(initialState: MusicSearch.State(), reducer: MusicSearch())
/// let binding = store.bind(\.results) { tableView.reload($0) }
/// store.send(.queryChanged("new jeans"))   // 300 ms later: GET /search?term=new+jeans&…
/// ```
///
/// - Each `queryChanged` restarts a 300 ms wait on the clock, and cancels the search
///   in flight: only the last query of a burst is searched, and a stale answer never arrives.
/// - An empty or whitespace-only query clears the results and the error, and cancels both the
///   wait and the search.
/// - The client receives ``State/searchTerm`` (the query, trimmed) as typed; the client alone
///   turns its spaces into `+` (`MusicSearchClient.searchURL(baseURL:term:)`, in `LiveClients`), so that it
///   happens exactly once.
/// - A failed search empties the results and sets ``State/error``; ``State/errorMessage`` is its
///   text. An error that is not a ``SearchError`` is mapped to one (`parse` for a
///   `DecodingError`, `network` for anything else).
public struct MusicSearch: Reducer {
  @Dependency(\.musicSearch) var client
  @Dependency(\.continuousClock) var clock

  /// How long the user must pause before a search starts.
  public static let debounce: Duration = .milliseconds(300)

  public init() {}

  enum CancelID: Hashable, Sendable { case search }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      state.query = query
      let term = state.searchTerm
      guard !term.isEmpty else {
        state.results = []
        state.error = nil
        state.isSearching = false
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      let client = self.client
      return .run { send in
        do {
          await send(.searchResponse(.success(try await client.search(term))))
        } catch {
          guard !Task.isCancelled else { return }
          await send(.searchResponse(.failure(Self.searchError(error))))
        }
      }
      // The debounce is cancellable with `cancelInFlight`: a new query cancels both the wait
      // and a search that already started.
      .debounce(id: CancelID.search, for: Self.debounce, clock: clock)

    case let .searchResponse(.success(tracks)):
      state.isSearching = false
      state.results = tracks
      state.error = nil
      return .none

    case let .searchResponse(.failure(error)):
      state.isSearching = false
      state.results = []
      state.error = error
      return .none
    }
  }

  /// Any error from a search, as a ``SearchError``.
  static func searchError(_ error: any Error) -> SearchError {
    switch error {
    case let error as SearchError: error
    case is DecodingError: .parse
    default: .network
    }
  }
}
