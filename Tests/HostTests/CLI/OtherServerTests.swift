import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import Demo
@testable import Host

/// `refold run --base-url` as a new user would try it: against a server that is not the demo
/// backend, but speaks the same shapes, the results are the same.
@Suite(.serialized)
struct OtherServerTests {
  @Test func musicSearchAgainstAnotherServerGivesTheDemoBackendsResults() async throws {
    let backend = try await DemoBackend.start()
    let url = backend.baseURL.appendingPathComponent("search").absoluteString + "?term=new+jeans&media=music&entity=song"
    let (body, _) = try await URLSession.shared.data(from: URL(string: url)!)
    await backend.stop()
    // The other server lives under a path, as a proxy or a gateway would put it.
    let server = try await CannedServer.start(prefix: "/itunes/v1", searchBody: body)

    let typing = ["n", "ne", "new", "new jeans"].map { #"{"queryChanged":{"_0":"\#($0)"}}"# }.joined(separator: "\n") + "\n"
    // NB: a minute per request: under a loaded CI the default ten seconds ran out once.
    let elsewhere = try await RefoldProcess.run(
      ["run", "musicSearch", "--base-url", server.baseURL.absoluteString, "--request-timeout", "60"], stdin: typing)
    let demo = try await RefoldProcess.run(["run", "musicSearch", "--request-timeout", "60"], stdin: typing)
    await server.stop()

    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(elsewhere.stdout == demo.stdout)
    #expect(elsewhere.stdout.contains(#""song":"Hype Boy""#), "\(elsewhere.stdout)")
    // The burst reached the other server as one request, with the tutorial's query string.
    #expect(server.searchQueries == ["term=new+jeans&media=music&entity=song"])
  }

  @Test func aServerThatIsNotListeningIsANetworkErrorInTheStateNotACrash() async throws {
    let server = try await CannedServer.start(prefix: "", searchBody: Data())
    let address = server.baseURL.absoluteString
    await server.stop()
    let run = try await RefoldProcess.run(["run", "musicSearch", "--base-url", address], stdin: #"{"queryChanged":{"_0":"iu"}}"# + "\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#""error":"network""#), "\(run.stdout)")
  }

  /// `--request-timeout` bounds each request: an answer that takes two seconds is a network
  /// error under a one-second timeout, and the search's results under a minute.
  @Test func aSlowerAnswerThanTheRequestTimeoutIsANetworkError() async throws {
    let backend = try await DemoBackend.start()
    backend.setBehavior(.slow(.seconds(2)), for: "/search")
    let search = #"{"queryChanged":{"_0":"iu"}}"# + "\n"
    let cut = try await RefoldProcess.run(
      ["run", "musicSearch", "--base-url", backend.baseURL.absoluteString, "--request-timeout", "1"], stdin: search)
    let waited = try await RefoldProcess.run(
      ["run", "musicSearch", "--base-url", backend.baseURL.absoluteString, "--request-timeout", "60"], stdin: search)
    await backend.stop()
    #expect(cut.status == 0, "\(cut.stderr)")
    #expect(cut.stdout.contains(#""error":"network""#), "\(cut.stdout)")
    #expect(waited.status == 0, "\(waited.stderr)")
    #expect(waited.stdout.contains(#""song":"#) && !waited.stdout.contains("error"), "\(waited.stdout)")
  }

  @Test func aRequestTimeoutOutOfRangeIsRefusedInOneLine() async throws {
    for value in ["0", "-1", "86401"] {
      // NB: `=`: a separate `-1` would be read as an option.
      let run = try await RefoldProcess.run(["run", "musicSearch", "--request-timeout=\(value)"], stdin: "")
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(run.stderr.contains("--request-timeout must be more than 0 and at most 86400 seconds"), "\(run.stderr)")
    }
  }
}
