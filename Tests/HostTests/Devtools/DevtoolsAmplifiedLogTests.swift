import Foundation
import Testing

@testable import Host

/// `devtools` serving a log whose one action is 3 MB of `[{},{},…]` (issue 54): the page of
/// events that holds it is refused with the line and the limit, and the other logs are served.
@Suite(.serialized)
struct DevtoolsAmplifiedLogTests {
  @Test func theEventsOfALineTooLargeParsedAreRefusedWithItsLineAndTheLimit() async throws {
    let served = try await DevtoolsServerTests.Served()
    let path = served.directory.url.appendingPathComponent("logs/amplified.log")
    try Data(AmplifyingShape.objects.log(bytes: 3 << 20)).write(to: path)
    let reply = try await served.get("/api/log/amplified.log/events?token=\(served.token)")
    #expect(reply.status == 422, "\(reply.text)")
    let message = try reply.json()["error"] as? String ?? ""
    #expect(message.contains("amplified.log:2 (seq 1): the line is too large to read: its "), "\(message)")
    #expect(message.hasSuffix("more than the 64 MiB allowed; REFOLD_MAX_PARSED_BYTES=BYTES raises the limit"), "\(message)")
    #expect(try await served.api("/api/log/a.log/summary")["events"] as? Int == 5)
    await served.stop()
  }
}
