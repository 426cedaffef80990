import Foundation
import LiveClients
import Reducers
import Testing

@testable import Demo
@testable import Host

struct DemoBackendTests {
  @Test func listensOnLoopbackOnAPortTheOSChose() async throws {
    let first = try await DemoBackend.start()
    let second = try await DemoBackend.start()
    #expect(first.port > 0)
    #expect(first.port != second.port)
    #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
    await first.stop()
    await second.stop()
  }

  @Test func stoppingTwiceIsFine() async throws {
    let backend = try await DemoBackend.start()
    await backend.stop()
    await backend.stop()
  }

  @Test func aStoppedBackendRefusesConnections() async throws {
    let backend = try await DemoBackend.start()
    let client = UsersClient.live(baseURL: backend.baseURL)
    #expect(try await client.fetch().count == DemoFixtures.users.count)
    await backend.stop()
    let error = await #expect(throws: FetchError.self) { _ = try await client.fetch() }
    #expect(error?.kind == .network)
  }

  @Test func aTakenPortIsAnErrorThatNamesIt() async throws {
    try await withDemoBackend { backend in
      let error = await #expect(throws: DemoBackendError.self) {
        _ = try await DemoBackend.start(port: backend.port)
      }
      #expect(error?.description.contains("127.0.0.1:\(backend.port)") == true)
    }
  }

  @Test func countsRequestsPerPath() async throws {
    try await withDemoBackend { backend in
      let search = MusicSearchClient.live(baseURL: backend.baseURL)
      _ = try await search.search("hype")
      _ = try await search.search("ditto")
      _ = try await UsersClient.live(baseURL: backend.baseURL).fetch()
      #expect(backend.requestCount(for: "/search") == 2)
      #expect(backend.requestCount(for: "/users") == 1)
      #expect(backend.requestCount(for: "/auth/local") == 0)
      #expect(backend.inFlightCount(for: "/search") == 0)
      backend.resetCounts()
      #expect(backend.counts == DemoBackend.Counts())
    }
  }

  /// A client that sent its request and closed before the slow handler began (a loaded
  /// machine's order) is still a disconnect: the live clients' timeout tests count on it, as
  /// long as the request was sent before the client gave up.
  @Test func aRequestWhoseClientLeftBeforeItWasHandledIsADisconnect() async throws {
    try await withDemoBackend { backend in
      do {
        let socket = try SlowSocket(port: backend.port)
        try socket.write("GET /search?term=__slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
      }  // closed here
      #expect(await backend.endedByDisconnect("/search"), "\(backend.counts)")
    }
  }

  @Test func waitingEndsWhenTheBackendStops() async throws {
    let backend = try await DemoBackend.start()
    async let waited = backend.waitUntil(timeout: .seconds(60)) { $0.requests["/never"] == 1 }
    await backend.stop()
    #expect(await waited == false)
  }

  @Test func unknownPathsAre404AndCounted() async throws {
    try await withDemoBackend { backend in
      let client = UsersClient.live(baseURL: backend.baseURL.appendingPathComponent("nope"))
      let error = await #expect(throws: FetchError.self) { _ = try await client.fetch() }
      #expect(error?.message == "The server answered HTTP 404")
      #expect(backend.requestCount(for: "/nope/users") == 1)
    }
  }

  @Test(arguments: [
    ("__500", DemoBehavior.status(500)),
    ("__429", .status(429)),
    ("__malformed", .malformedJSON),
    ("__empty", .emptyBody),
    ("__slow", .slow),
    ("__noresults", .body(status: 200, #"{"resultCount":0}"#)),
  ])
  func magicInputsSelectBehaviours(input: String, behavior: DemoBehavior) {
    #expect(DemoBehavior(magic: input) == behavior)
  }

  @Test(arguments: ["", "new jeans", "__", "__1000", "__unknown", "_500"])
  func ordinaryInputsSelectNoBehaviour(input: String) {
    #expect(DemoBehavior(magic: input) == nil)
  }

  @Test func searchMatchesEveryWordIgnoringCase() {
    #expect(DemoFixtures.search("NEW jeans").map(\.artist).allSatisfy { $0 == "NewJeans" })
    #expect(DemoFixtures.search("new jeans").count == 6)
    #expect(DemoFixtures.search("hype boy").map(\.song) == ["Hype Boy"])
    #expect(DemoFixtures.search("좋은 날").map(\.song) == ["좋은 날"])
    #expect(DemoFixtures.search("   ").isEmpty)
    #expect(DemoFixtures.search("no such song").isEmpty)
  }

  @Test func formQueriesDecodePlusAsSpace() {
    let query = formDecodedQuery("term=%EC%A2%8B%EC%9D%80+%EB%82%A0&media=music&entity=song&x=1%2B1")
    #expect(query == ["term": "좋은 날", "media": "music", "entity": "song", "x": "1+1"])
  }
}
