import Effects
import Foundation
import LiveClients
import Reducers
import Store
import Testing

@testable import Demo
@testable import Host

/// The debounce end to end: a burst of typing on `VirtualClock`, the live client, and the demo
/// backend counting what really reached it over HTTP.
@MainActor
struct SearchBurstTests {
  @Test func aBurstOfTypingWithinTheDebounceSendsExactlyOneRequest() async throws {
    try await withDemoBackend { backend in
      let expected = try await MusicSearchClient.live(baseURL: backend.baseURL).search("new jeans")
      #expect(!expected.isEmpty)
      #expect(backend.requestCount(for: "/search") == 1)

      let clock = VirtualClock()
      let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
        $0.musicSearch = .live(baseURL: backend.baseURL)
        $0.continuousClock = clock
      }
      await store.send(.queryChanged("n")) {
        $0.query = "n"
        $0.isSearching = true
      }
      for query in ["ne", "new", "new jeans"] {
        // Each keystroke comes well inside the 300 ms window of the one before.
        await clock.advance(by: .milliseconds(120))
        await store.send(.queryChanged(query)) { $0.query = query }
      }
      // 1 ms short of the window after the last keystroke, nothing more has reached the server.
      await clock.advance(by: MusicSearch.debounce - .milliseconds(1))
      #expect(backend.requestCount(for: "/search") == 1)

      await clock.advance(by: .milliseconds(1))
      // The request itself takes real time: its answer gets a generous bound.
      await store.receive(.searchResponse(.success(expected)), timeout: .seconds(10)) {
        $0.isSearching = false
        $0.results = expected
      }
      await store.finish()
      #expect(backend.requestCount(for: "/search") == 2)
    }
  }

  @Test func keystrokesFurtherApartThanTheDebounceEachSendARequest() async throws {
    try await withDemoBackend { backend in
      let live = MusicSearchClient.live(baseURL: backend.baseURL)
      let answers = (iu: try await live.search("iu"), newJeans: try await live.search("new jeans"))
      #expect(answers.iu != answers.newJeans)
      #expect(backend.requestCount(for: "/search") == 2)

      let clock = VirtualClock()
      let store = TestStore(initialState: MusicSearch.State(), reducer: MusicSearch()) {
        $0.musicSearch = live
        $0.continuousClock = clock
      }
      await store.send(.queryChanged("iu")) {
        $0.query = "iu"
        $0.isSearching = true
      }
      await clock.advance(by: MusicSearch.debounce)
      await store.receive(.searchResponse(.success(answers.iu)), timeout: .seconds(10)) {
        $0.isSearching = false
        $0.results = answers.iu
      }
      await store.send(.queryChanged("new jeans")) {
        $0.query = "new jeans"
        $0.isSearching = true
      }
      await clock.advance(by: MusicSearch.debounce)
      await store.receive(.searchResponse(.success(answers.newJeans)), timeout: .seconds(10)) {
        $0.isSearching = false
        $0.results = answers.newJeans
      }
      await store.finish()
      #expect(backend.requestCount(for: "/search") == 4)
    }
  }
}
