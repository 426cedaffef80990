import Foundation
import LiveClients
import Reducers
import Testing

@testable import Demo
@testable import Host

/// The live clients over real HTTP against the loopback demo backend.
struct AuthClientLiveTests {
  @Test(arguments: ["son@example.com", "SON@example.com", "son"])
  func rightCredentialsGiveASession(identifier: String) async throws {
    try await withDemoBackend { backend in
      let auth = AuthClient.live(baseURL: backend.baseURL)
      let session = try await auth.login(Credentials(identifier: identifier, password: "password123"))
      #expect(session == Session(token: DemoFixtures.accounts[0].jwt, id: 1, email: "son@example.com", username: "son"))
      #expect(backend.requestCount(for: "/auth/local") == 1)
    }
  }

  @Test func loginsInARowOnOneConnectionPoolAllWork() async throws {
    try await withDemoBackend { backend in
      let auth = AuthClient.live(baseURL: backend.baseURL)
      let search = MusicSearchClient.live(baseURL: backend.baseURL)
      for account in DemoFixtures.accounts + DemoFixtures.accounts {
        let session = try await auth.login(Credentials(identifier: account.username, password: account.password))
        #expect(session.id == account.id)
        #expect(try await search.search("super shy").map(\.song) == ["Super Shy"])
      }
      #expect(backend.requestCount(for: "/auth/local") == 4)
    }
  }

  @Test func wrongCredentialsCarryTheServerMessage() async throws {
    try await withDemoBackend { backend in
      let auth = AuthClient.live(baseURL: backend.baseURL)
      await #expect(throws: LoginError(kind: .rejected, message: "Invalid identifier or password")) {
        _ = try await auth.login(Credentials(identifier: "minji", password: "password123"))
      }
    }
  }

  @Test func serverErrorIsANetworkError() async throws {
    try await withDemoBackend { backend in
      let error = await #expect(throws: LoginError.self) {
        _ = try await AuthClient.live(baseURL: backend.baseURL).login(Credentials(identifier: "__500", password: "x"))
      }
      #expect(error?.kind == .network)
      #expect(error?.message == "The server answered HTTP 500: Internal Server Error")
    }
  }

  @Test func malformedBodyIsAParseError() async throws {
    try await withDemoBackend { backend in
      let error = await #expect(throws: LoginError.self) {
        _ = try await AuthClient.live(baseURL: backend.baseURL).login(Credentials(identifier: "__malformed", password: "x"))
      }
      #expect(error?.kind == .parse)
    }
  }

  @Test(arguments: [false, true])
  func slowLoginCancelledMidFlightEndsTheRequest(setFromCode: Bool) async throws {
    try await withDemoBackend { backend in
      if setFromCode { backend.setBehavior(.slow, for: "/auth/local") }
      let auth = AuthClient.live(baseURL: backend.baseURL)
      let (result, afterCancel) = try await cancelMidFlight(backend, path: "/auth/local") {
        try await auth.login(Credentials(identifier: setFromCode ? "son" : "__slow", password: "password123"))
      }
      #expect(result.failure is CancellationError)
      #expect(afterCancel < .seconds(5))
      #expect(await backend.endedByDisconnect("/auth/local"), "\(backend.counts)")
    }
  }
}

struct MusicSearchClientLiveTests {
  @Test func searchReturnsTracksInTheWireShape() async throws {
    try await withDemoBackend { backend in
      let tracks = try await MusicSearchClient.live(baseURL: backend.baseURL).search("hype boy")
      #expect(
        tracks == [
          Track(
            song: "Hype Boy", artist: "NewJeans", album: "New Jeans - EP",
            imageURL: URL(string: "https://is1-ssl.mzstatic.example/image/thumb/refold/1635478002/100x100bb.jpg"),
            releaseDate: "2022-08-01T12:00:00Z")
        ])
    }
  }

  @Test(arguments: [
    ("좋은 날", ["좋은 날"]),
    ("밤편지", ["밤편지"]),
    ("볼빨간사춘기", ["우주를 줄게"]),
    ("주저하는 연인들을", ["주저하는 연인들을 위해"]),
    ("new jeans", ["Attention", "Hype Boy", "Cookie", "Ditto", "OMG", "Super Shy"]),
  ])
  func koreanAndSpacedTermsRoundTrip(term: String, songs: [String]) async throws {
    try await withDemoBackend { backend in
      let tracks = try await MusicSearchClient.live(baseURL: backend.baseURL).search(term)
      #expect(tracks.map(\.song) == songs)
    }
  }

  @Test func noMatchIsAnEmptyList() async throws {
    try await withDemoBackend { backend in
      let tracks = try await MusicSearchClient.live(baseURL: backend.baseURL).search("zzz")
      #expect(tracks.isEmpty)
    }
  }

  @Test(arguments: [
    ("__500", SearchError.network),
    ("__404", .network),
    ("__malformed", .parse),
    ("__empty", .data),
    ("__noresults", .data),
  ])
  func failuresBecomeSearchErrors(term: String, expected: SearchError) async throws {
    try await withDemoBackend { backend in
      await #expect(throws: expected) {
        _ = try await MusicSearchClient.live(baseURL: backend.baseURL).search(term)
      }
      #expect(backend.requestCount(for: "/search") == 1)
    }
  }

  @Test func slowSearchCancelledMidFlightEndsTheRequest() async throws {
    try await withDemoBackend { backend in
      let search = MusicSearchClient.live(baseURL: backend.baseURL)
      let (result, afterCancel) = try await cancelMidFlight(backend, path: "/search") {
        try await search.search("__slow")
      }
      #expect(result.failure is CancellationError)
      #expect(afterCancel < .seconds(5))
      // The server saw the connection close: the request really ended, not just the await.
      #expect(await backend.endedByDisconnect("/search"), "\(backend.counts)")
    }
  }

  @Test func aSearchAfterACancelledOneStillWorks() async throws {
    try await withDemoBackend { backend in
      let search = MusicSearchClient.live(baseURL: backend.baseURL)
      _ = try await cancelMidFlight(backend, path: "/search") { try await search.search("__slow") }
      #expect(try await search.search("ditto").map(\.song) == ["Ditto"])
    }
  }

  @Test func requestTimeoutIsANetworkError() async throws {
    try await withDemoBackend { backend in
      // The slow answer takes 30 s; the client gives up after its timeout.
      let search = MusicSearchClient.live(baseURL: backend.baseURL, timeout: .seconds(1))
      await #expect(throws: SearchError.network) { _ = try await search.search("__slow") }
      #expect(await backend.endedByDisconnect("/search"), "\(backend.counts)")
    }
  }

  @Test func unreachableServerIsANetworkError() async throws {
    let backend = try await DemoBackend.start()
    let search = MusicSearchClient.live(baseURL: backend.baseURL)
    await backend.stop()
    await #expect(throws: SearchError.network) { _ = try await search.search("hype") }
  }
}

struct UsersClientLiveTests {
  @Test func fetchReturnsTheFixtureUsers() async throws {
    try await withDemoBackend { backend in
      let users = try await UsersClient.live(baseURL: backend.baseURL).fetch()
      #expect(users.count == 5)
      #expect(users.map(\.name) == ["Leanne Graham", "Ervin Howell", "손흥민", "김민지", "이지은"])
      #expect(users[3] == User(id: 4, name: "김민지", username: "minji", email: "minji@example.com"))
    }
  }

  @Test(arguments: [
    (DemoBehavior.status(500), FetchError.Kind.network),
    (.status(503), .network),
    (.malformedJSON, .parse),
    (.emptyBody, .parse),
    (.body(status: 200, #"{"users": []}"#), .parse),
  ])
  func failuresBecomeFetchErrors(behavior: DemoBehavior, kind: FetchError.Kind) async throws {
    try await withDemoBackend { backend in
      backend.setBehavior(behavior, for: "/users")
      let error = await #expect(throws: FetchError.self) {
        _ = try await UsersClient.live(baseURL: backend.baseURL).fetch()
      }
      #expect(error?.kind == kind)
    }
  }

  @Test func behaviourSetBackToFixturesAnswersNormally() async throws {
    try await withDemoBackend { backend in
      backend.setBehavior(.status(500), for: "/users")
      backend.setBehavior(.fixtures, for: "/users")
      let users = try await UsersClient.live(baseURL: backend.baseURL).fetch()
      #expect(users.count == 5)
    }
  }

  @Test func slowFetchCancelledMidFlightEndsTheRequest() async throws {
    try await withDemoBackend { backend in
      backend.setBehavior(.slow, for: "/users")
      let client = UsersClient.live(baseURL: backend.baseURL)
      let (result, afterCancel) = try await cancelMidFlight(backend, path: "/users") { try await client.fetch() }
      #expect(result.failure is CancellationError)
      #expect(afterCancel < .seconds(5))
      #expect(await backend.endedByDisconnect("/users"), "\(backend.counts)")
    }
  }

  @Test func stoppingEndsASlowRequestAtOnce() async throws {
    let backend = try await DemoBackend.start()
    backend.setBehavior(.slow, for: "/users")
    let client = UsersClient.live(baseURL: backend.baseURL)
    let fetch = Task { try await client.fetch() }
    try #require(await backend.waitUntil { $0.inFlight["/users"] == 1 })
    let stopping = await ContinuousClock().measure { await backend.stop() }
    #expect(stopping < .seconds(4))
    let error = await #expect(throws: FetchError.self) { _ = try await fetch.value }
    #expect(error?.message == "The server answered HTTP 503")
    #expect(backend.disconnectCount(for: "/users") == 0)
  }
}
