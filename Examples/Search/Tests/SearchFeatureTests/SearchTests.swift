import Foundation
import SearchFeature
import Store
import Testing

private let dune = Book(id: 1, title: "Dune", author: "Frank Herbert")
private let duneMessiah = Book(id: 2, title: "Dune Messiah", author: "Frank Herbert")

/// The search as a TCA user tests it: an exhaustive TestStore, a client given per test, a
/// virtual clock for the debounce, and responses received by case key path.
@MainActor
struct SearchTests {
  let clock = VirtualClock()

  /// A client that answers every query with `results` and notes the queries it was asked.
  func makeStore(results: [Book] = [dune, duneMessiah], queries: LockIsolated<[String]> = LockIsolated([])) -> TestStore<Search.State, Search.Action> {
    TestStore(initialState: Search.State(), reducer: Search()) {
      $0.continuousClock = clock
      $0.books = BookClient(
        search: { query in
          queries.withValue { $0.append(query) }
          return results
        },
        summary: { id in "The summary of book \(id)." })
    }
  }

  @Test func typingSearchesAfterTheDebounce() async {
    let store = makeStore()
    await store.send(\.binding.query, "dune") { $0.query = "dune" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success, [dune, duneMessiah]) {
      $0.results = [dune, duneMessiah]
    }
  }

  @Test func keystrokesWithinTheDebounceSearchOnceForTheLastQuery() async {
    let queries = LockIsolated<[String]>([])
    let store = makeStore(queries: queries)
    await store.send(\.binding.query, "du") { $0.query = "du" }
    await clock.advance(by: .milliseconds(200))
    await store.send(\.binding.query, "dune") { $0.query = "dune" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success) { $0.results = [dune, duneMessiah] }
    #expect(queries.value == ["dune"])
  }

  @Test func clearingTheQueryCancelsTheSearchInFlight() async {
    let queries = LockIsolated<[String]>([])
    let store = makeStore(queries: queries)
    await store.send(\.binding.query, "dune") { $0.query = "dune" }
    await clock.advance(by: .milliseconds(100))
    await store.send(\.binding.query, "") { $0.query = "" }
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(queries.value == [])
  }

  @Test func aFailedSearchSaysWhy() async {
    let store = TestStore(initialState: Search.State(), reducer: Search()) {
      $0.continuousClock = clock
      $0.books.search = { _ in throw BookClientError(reason: "the server answered 503") }
    }
    await store.send(\.binding.query, "dune") { $0.query = "dune" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.failure, "the server answered 503") {
      $0.error = "the server answered 503"
    }
  }

  @Test func tappingAnotherBookCancelsTheFirstSummary() async {
    let store = TestStore(initialState: Search.State(results: [dune, duneMessiah]), reducer: Search()) {
      $0.continuousClock = clock
      // The first book's summary takes a minute; the second's comes at once.
      $0.books.summary = { [clock] id in
        if id == 1 { try await clock.sleep(for: .seconds(60)) }
        return "The summary of book \(id)."
      }
    }
    await store.send(.bookTapped(1)) { $0.selectedID = 1 }
    await store.send(.bookTapped(2)) { $0.selectedID = 2 }
    await store.receive(\.summaryResponse.success) { $0.summary = "The summary of book 2." }
    await clock.advance(by: .seconds(60))
    await store.finish()
  }
}
