import Foundation
import Testing
import LiveClients
@testable import Reducers

@MainActor
struct MusicSearchTests {
  /// A client that records each term and answers with `tracks`, after `delay` on `clock`.
  static func client(
    _ terms: Recorded<String>,
    clock: VirtualClock? = nil,
    delay: Duration = .zero,
    tracks: @escaping @Sendable (String) -> [Track] = { _ in [Fixture.hypeBoy] }
  ) -> MusicSearchClient {
    MusicSearchClient { term in
      terms.append(term)
      if let clock { try await clock.sleep(for: delay) }
      return tracks(term)
    }
  }

  @Test func aBurstOfTypingSearchesOnceForTheLastQuery() async {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
      $0.musicSearch = Self.client(terms)
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("n")) {
      $0.query = "n"
      $0.isSearching = true
    }
    for query in ["ne", "new", "new ", "new j", "new jeans"] {
      await clock.advance(by: .milliseconds(100))
      await store.send(.queryChanged(query)) { $0.query = query }
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.success([Fixture.hypeBoy]))) {
      $0.isSearching = false
      $0.results = [Fixture.hypeBoy]
    }
    await store.finish()
    #expect(terms.all == ["new jeans"])
  }

  @Test func theSearchWaitsExactly300Milliseconds() async {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
      $0.musicSearch = Self.client(terms)
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("iu")) {
      $0.query = "iu"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(299))
    #expect(terms.all.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse(.success([Fixture.hypeBoy]))) {
      $0.isSearching = false
      $0.results = [Fixture.hypeBoy]
    }
    await store.finish()
    #expect(terms.all == ["iu"])
  }

  @Test(.timeLimit(.minutes(1)))
  func aNewQueryCancelsTheSearchInFlight() async {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let cancelled = Recorded<String>()
    let client = MusicSearchClient { term in
      terms.append(term)
      guard term == "new jeans" else {
        do { try await untilCancelled() } catch {
          cancelled.append(term)
          throw error
        }
      }
      return [Fixture.hypeBoy]
    }
    let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
      $0.musicSearch = client
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("new")) {
      $0.query = "new"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await terms.waitForCount(1)  // "new" is in flight
    await store.send(.queryChanged("new jeans")) { $0.query = "new jeans" }
    await cancelled.waitForCount(1)
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.success([Fixture.hypeBoy]))) {
      $0.isSearching = false
      $0.results = [Fixture.hypeBoy]
    }
    await store.finish()
    #expect(terms.all == ["new", "new jeans"])
    #expect(cancelled.all == ["new"])
  }

  @Test(arguments: ["", " ", "  \t"])
  func anEmptyQueryClearsEverythingAndCancelsThePendingSearch(empty: String) async {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let state = MusicSearch.State(query: "iu", results: [Fixture.goodDay], error: .network)
    let store = TestStore(initialState: state, reducer: MusicSearch()) {
      $0.musicSearch = Self.client(terms)
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("iu!")) {
      $0.query = "iu!"
      $0.isSearching = true
    }
    await store.send(.queryChanged(empty)) {
      $0.query = empty
      $0.isSearching = false
      $0.results = []
      $0.error = nil
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(terms.all.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)))
  func anEmptyQueryCancelsTheSearchInFlight() async {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let cancelled = Recorded<String>()
    let client = MusicSearchClient { term in
      terms.append(term)
      do { try await untilCancelled() } catch {
        cancelled.append(term)
        throw error
      }
    }
    let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
      $0.musicSearch = client
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("iu")) {
      $0.query = "iu"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await terms.waitForCount(1)  // in flight
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    await store.finish()
    #expect(cancelled.all == ["iu"])
  }

  @Test func theClientGetsTheTrimmedTermAndTurnsSpacesIntoPlusOnce() async throws {
    let clock = VirtualClock()
    let terms = Recorded<String>()
    let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
      $0.musicSearch = Self.client(terms)
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("  new jeans ")) {
      $0.query = "  new jeans "
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.success([Fixture.hypeBoy]))) {
      $0.isSearching = false
      $0.results = [Fixture.hypeBoy]
    }
    await store.finish()
    let term = try #require(terms.all.first)
    #expect(term == "new jeans")
    let url = MusicSearchClient.searchURL(baseURL: URL(string: "http://127.0.0.1:8080")!, term: term)
    #expect(url.absoluteString == "http://127.0.0.1:8080/search?term=new+jeans&media=music&entity=song")
  }

  @Test(arguments: SearchError.allCases)
  func eachErrorKindBecomesState(error: SearchError) async {
    let clock = VirtualClock()
    let state = MusicSearch.State(results: [Fixture.goodDay])
    let store = TestStore(initialState: state, reducer: MusicSearch()) {
      $0.musicSearch = .failing(error)
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("iu")) {
      $0.query = "iu"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.failure(error))) {
      $0.isSearching = false
      $0.results = []
      $0.error = error
    }
    await store.finish()
  }

  @Test(arguments: [
    (SearchError.data, "검색 결과가 없습니다.", "No results."),
    (.network, "네트워크 연결을 확인해주세요.", "Please check your network connection."),
    (.parse, "검색 결과를 읽지 못했습니다.", "The search results could not be read."),
  ])
  func eachErrorKindHasAMessage(error: SearchError, korean: String, english: String) {
    let state = MusicSearch.State(error: error)
    #expect(state.errorMessage == korean)
    #expect(state.errorMessage(in: .english) == english)
    #expect(MusicSearch.State().errorMessage == nil)
  }

  @Test func anotherErrorBecomesANetworkError() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: MusicSearch.State(),
      reducer: MusicSearch()
    ) {
      $0.musicSearch = MusicSearchClient { _ in throw SomethingElse() }
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("iu")) {
      $0.query = "iu"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.failure(.network))) {
      $0.isSearching = false
      $0.error = .network
    }
    await store.finish()
    #expect(MusicSearch.searchError(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))) == .parse)
  }

  @Test func aSuccessClearsTheLastError() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: MusicSearch.State(query: "iu", error: .network),
      reducer: MusicSearch()
    ) {
      $0.musicSearch = .returning([])
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("zzz")) {
      $0.query = "zzz"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(.success([]))) {
      $0.isSearching = false
      $0.error = nil
    }
    await store.finish()
  }
}
