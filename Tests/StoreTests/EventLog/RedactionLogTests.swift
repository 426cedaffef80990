import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

@MainActor
struct RedactionLogTests {
  @Test func secretsNeverReachTheFileAndTheRedactedLogStillVerifies() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let initial = Probe.State(user: "kim", password: "initial-secret-pw")
    let live = try await recordProbe(
      [.login(user: "kim", password: "hunter2-very-secret"), .add(1), .login(user: "lee", password: "second-secret-pw"), .add(2)],
      to: file, initialState: initial,
      options: RecorderOptions(fsync: .never, checkpointInterval: 1, snapshotInterval: 2))
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    for secret in ["initial-secret-pw", "hunter2-very-secret", "second-secret-pw", "hunter2"] {
      #expect(!text.contains(secret))
    }
    #expect(text.contains(#""password":"<redacted>""#))
    let result = try Replayer(reducer: Probe()).replay(file: file)
    #expect(result.verifiedCheckpoints == 4)
    #expect(result.state == Redaction.apply(live[4]))
    #expect(result.state.password == Redaction.placeholder)
    #expect(result.state.user == "lee")
  }
}
