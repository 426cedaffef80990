import Foundation
import LiveClients
import Reducers
import Testing

/// A server that streams an endless body, or drips a byte at a time: the clients bound what
/// they take and how long they wait, and the error goes into the state, not into the memory.
@Suite(.serialized)
struct MisbehavingServerTests {
  @Test func anEndlessBodyIsCutAtTheClientsLimit() async throws {
    let server = try await MisbehavingServer.start()
    let client = UsersClient.live(baseURL: server.baseURL.appendingPathComponent("endless"), timeout: .seconds(30))
    let error = await #expect(throws: FetchError.self) { _ = try await client.fetch() }
    await server.stop()
    #expect(error?.kind == .network)
    #expect(error?.message.contains("larger than 8388608 bytes") == true, "\(String(describing: error))")
  }

  /// A byte every 200 ms keeps `URLRequest`'s idle timeout from ever firing; the whole exchange
  /// is bounded by it all the same (1 s here).
  @Test func aDripOfBytesIsCutAtTheTimeout() async throws {
    let server = try await MisbehavingServer.start()
    let client = UsersClient.live(baseURL: server.baseURL.appendingPathComponent("drip"), timeout: .seconds(1))
    let started = ContinuousClock.now
    let error = await #expect(throws: FetchError.self) { _ = try await client.fetch() }
    let took = ContinuousClock.now - started
    await server.stop()
    #expect(error?.kind == .network)
    #expect(error?.message.contains("no complete answer within") == true, "\(String(describing: error))")
    // The bound, not the server, ended it (the server would drip forever).
    #expect(took < .seconds(10), "took \(took)")
  }

  @Test func runOfUserListAgainstAnEndlessServerEndsWithTheErrorInTheState() async throws {
    let server = try await MisbehavingServer.start()
    let output = try await RefoldProcess.run(
      ["run", "userList", "--base-url", server.baseURL.appendingPathComponent("endless").absoluteString],
      stdin: #"{"onAppear":{}}"# + "\n")
    await server.stop()
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains(#""kind":"network""#), "\(output.stdout)")
  }
}
