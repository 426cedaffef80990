import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

import RefoldHTTP
@testable import LiveClients
@testable import Reducers

private func reply(_ status: Int, _ body: String) -> HTTP.Response {
  HTTP.Response(status: status, body: Data(body.utf8))
}

struct SearchURLTests {
  @Test(arguments: [
    ("newjeans", "term=newjeans&media=music&entity=song"),
    ("new jeans", "term=new+jeans&media=music&entity=song"),
    ("  two  spaces", "term=++two++spaces&media=music&entity=song"),
    ("좋은 날", "term=%EC%A2%8B%EC%9D%80+%EB%82%A0&media=music&entity=song"),
    ("AC/DC & friends", "term=AC%2FDC+%26+friends&media=music&entity=song"),
    ("1+1=2?", "term=1%2B1%3D2%3F&media=music&entity=song"),
    ("café #1", "term=caf%C3%A9+%231&media=music&entity=song"),
    ("", "term=&media=music&entity=song"),
  ])
  func termIsFormEncodedWithSpacesAsPlus(term: String, query: String) {
    let url = MusicSearchClient.searchURL(baseURL: URL(string: "https://itunes.apple.com")!, term: term)
    #expect(url.absoluteString == "https://itunes.apple.com/search?\(query)")
  }

  @Test func basePathAndPortAreKept() {
    let url = MusicSearchClient.searchURL(baseURL: URL(string: "http://127.0.0.1:8080/api/")!, term: "hype boy")
    #expect(url.absoluteString == "http://127.0.0.1:8080/api/search?term=hype+boy&media=music&entity=song")
  }

  @Test func koreanTermSurvivesTheRoundTrip() throws {
    let url = MusicSearchClient.searchURL(baseURL: MusicSearchClient.defaultBaseURL, term: "주저하는 연인들을 위해")
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    let term = try #require(components.percentEncodedQueryItems?.first { $0.name == "term" }?.value)
    #expect(term.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == "주저하는 연인들을 위해")
  }

  @Test func endpointsAppendToTheBasePath() {
    let base = URL(string: "http://127.0.0.1:1337/api")!
    #expect(base.appendingEndpoint("auth/local").absoluteString == "http://127.0.0.1:1337/api/auth/local")
    #expect(URL(string: "http://h/")!.appendingEndpoint("users").absoluteString == "http://h/users")
  }
}

struct SearchReplyDecodingTests {
  @Test func resultsBecomeTracks() throws {
    let body = """
      {"resultCount": 1, "results": [{"wrapperType": "track", "trackName": "좋은 날", "artistName": "IU",
      "collectionName": "Real", "artworkUrl100": "https://example.com/a/100x100bb.jpg",
      "releaseDate": "2010-12-09T12:00:00Z", "trackPrice": 1.29}]}
      """
    let tracks = try MusicSearchClient.decodeSearch(reply(200, body))
    #expect(
      tracks == [
        Track(
          song: "좋은 날", artist: "IU", album: "Real",
          imageURL: URL(string: "https://example.com/a/100x100bb.jpg"),
          releaseDate: "2010-12-09T12:00:00Z")
      ])
  }

  @Test func missingOptionalFieldsAreTolerated() throws {
    let tracks = try MusicSearchClient.decodeSearch(reply(200, #"{"results": [{"trackName": "A", "artistName": "B"}]}"#))
    #expect(tracks == [Track(song: "A", artist: "B", album: "", imageURL: nil, releaseDate: "")])
  }

  @Test func noResultsIsAnEmptyList() throws {
    #expect(try MusicSearchClient.decodeSearch(reply(200, #"{"resultCount": 0, "results": []}"#)) == [])
  }

  @Test(arguments: [
    (200, "", SearchError.data),
    (200, #"{"resultCount": 0}"#, .data),
    (200, #"{"resultCount": 1, "results": [{"trackName": "Hype"#, .parse),
    (200, "<html>oops</html>", .parse),
    (200, #"{"results": [{"trackName": 1}]}"#, .parse),
    (404, #"{"errorMessage": "Not Found"}"#, .network),
    (500, "", .network),
  ])
  func failuresMapToSearchErrors(status: Int, body: String, expected: SearchError) {
    #expect(throws: expected) { try MusicSearchClient.decodeSearch(reply(status, body)) }
  }
}

struct LoginReplyDecodingTests {
  @Test func successBecomesASession() throws {
    let body = """
      {"jwt": "abc.def.ghi", "user": {"id": 7, "username": "son", "email": "son@example.com",
      "provider": "local", "confirmed": true, "blocked": false}}
      """
    let session = try AuthClient.decodeLogin(reply(200, body))
    #expect(session == Session(token: "abc.def.ghi", id: 7, email: "son@example.com", username: "son"))
  }

  @Test func badRequestCarriesTheServerMessage() {
    let body = """
      {"data": null, "error": {"status": 400, "name": "ValidationError",
      "message": "Invalid identifier or password", "details": {}}}
      """
    #expect(throws: LoginError(kind: .rejected, message: "Invalid identifier or password")) {
      try AuthClient.decodeLogin(reply(400, body))
    }
  }

  @Test(arguments: [
    (400, "Bad Request", LoginError.Kind.network),
    (500, #"{"data": null, "error": {"status": 500, "name": "InternalServerError", "message": "Internal Server Error"}}"#, .network),
    (502, "", .network),
    (200, #"{"jwt": "abc"}"#, .parse),
    (200, "{", .parse),
  ])
  func failuresMapToLoginErrorKinds(status: Int, body: String, kind: LoginError.Kind) {
    let error = #expect(throws: LoginError.self) { try AuthClient.decodeLogin(reply(status, body)) }
    #expect(error?.kind == kind)
    #expect(error?.message.isEmpty == false)
  }

  @Test func otherStatusesMentionTheStatus() {
    let error = #expect(throws: LoginError.self) { try AuthClient.decodeLogin(reply(503, "")) }
    #expect(error?.message == "The server answered HTTP 503")
  }
}

struct UsersReplyDecodingTests {
  @Test func extraFieldsAreIgnored() throws {
    let body = """
      [{"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz",
      "address": {"street": "Kulas Light", "geo": {"lat": "-37.3159"}}, "phone": "1-770-736-8031"},
      {"id": 2, "name": "김민지", "username": "minji", "email": "minji@example.com"}]
      """
    #expect(
      try UsersClient.decodeUsers(reply(200, body)) == [
        User(id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz"),
        User(id: 2, name: "김민지", username: "minji", email: "minji@example.com"),
      ])
  }

  @Test(arguments: [
    (500, "[]", FetchError.Kind.network),
    (404, "{}", .network),
    (200, #"{"users": []}"#, .parse),
    (200, #"[{"id": "one"}]"#, .parse),
    (200, "", .parse),
  ])
  func failuresMapToFetchErrorKinds(status: Int, body: String, kind: FetchError.Kind) {
    let error = #expect(throws: FetchError.self) { try UsersClient.decodeUsers(reply(status, body)) }
    #expect(error?.kind == kind)
  }
}

struct ClientDoubleTests {
  @Test func succeedingAndFailingDoublesAnswerAsTold() async throws {
    let session = Session(token: "t", id: 1, email: "a@example.com", username: "a")
    #expect(try await AuthClient.succeeding(session).login(Credentials(identifier: "a", password: "b")) == session)
    await #expect(throws: LoginError(kind: .rejected, message: "no")) {
      _ = try await AuthClient.failing(LoginError(kind: .rejected, message: "no")).login(Credentials(identifier: "a", password: "b"))
    }
    #expect(try await MusicSearchClient.returning([]).search("x") == [])
    await #expect(throws: SearchError.network) { _ = try await MusicSearchClient.failing(.network).search("x") }
    #expect(try await UsersClient.returning([]).fetch() == [])
    await #expect(throws: FetchError(kind: .parse, message: "m")) {
      _ = try await UsersClient.failing(FetchError(kind: .parse, message: "m")).fetch()
    }
  }
}

struct HTTPRequestTests {
  @Test func requestCarriesMethodTimeoutAndJSONHeaders() {
    let request = HTTP.request("POST", URL(string: "http://h/auth/local")!, timeout: .seconds(10), json: Data("{}".utf8))
    #expect(request.httpMethod == "POST")
    #expect(request.timeoutInterval == 10)
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(request.httpBody == Data("{}".utf8))
  }

  #if canImport(FoundationNetworking)
    @Test func subSecondTimeoutsRoundUpToWholeSeconds() {
      #expect(HTTP.request("GET", URL(string: "http://h/")!, timeout: .milliseconds(500)).timeoutInterval == 1)
      #expect(HTTP.request("GET", URL(string: "http://h/")!, timeout: .milliseconds(1500)).timeoutInterval == 2)
    }
  #endif
}
