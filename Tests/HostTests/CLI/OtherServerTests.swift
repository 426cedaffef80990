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
    let elsewhere = try await RefoldProcess.run(["run", "musicSearch", "--base-url", server.baseURL.absoluteString], stdin: typing)
    let demo = try await RefoldProcess.run(["run", "musicSearch"], stdin: typing)
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
}
