import Foundation
import Testing

/// A server whose answer never ends: each client stops at its cap without holding more than
/// the cap and a read, measured as the peak resident size of `refold` run as a child, against
/// the same command answered at once (a 404) on the same server.
@Suite(.serialized)
struct AnswerMemoryTests {
  /// What a client may hold past its cap: a read or two in flight, the buffer's growth, and
  /// what a debug build of `run` makes of the error (40.7 MiB measured over a 404; URLSession
  /// took it past 2.59 GB).
  static let slackMiB = 48.0

  @Test func runAgainstAnEndlessAnswerHoldsNoMoreThanItsCap() async throws {
    let server = try await MisbehavingServer.start()
    let (answered, restingMiB) = try await RefoldProcess.runMeasuringPeak(
      ["run", "userList", "--base-url", server.baseURL.absoluteString], stdin: #"{"onAppear":{}}"# + "\n")
    let (endless, peakMiB) = try await RefoldProcess.runMeasuringPeak(
      ["run", "userList", "--base-url", server.baseURL.appendingPathComponent("endless").absoluteString],
      stdin: #"{"onAppear":{}}"# + "\n")
    await server.stop()
    #expect(answered.status == 0 && answered.stdout.contains("404"), "\(answered.stdout)\(answered.stderr)")
    #expect(endless.status == 0, "\(endless.stderr)")
    #expect(endless.stdout.contains("larger than 8388608 bytes"), "\(endless.stdout)")
    #expect(peakMiB - restingMiB < 8 + Self.slackMiB, "peak \(peakMiB) MiB; answered at once \(restingMiB) MiB")
  }

  @Test func pushAgainstAnEndlessAnswerHoldsNoMoreThanItsCap() async throws {
    let server = try await MisbehavingServer.start()
    let directory = try TemporaryDirectory()
    let log = try directory.file("one.log", contents: Data(StoreTestLogs.log(1)))
    let key = "rfk_" + String(repeating: "a", count: 64)
    let (refused, restingMiB) = try await RefoldProcess.runMeasuringPeak(
      ["store", "push", log, "--server", server.baseURL.absoluteString, "--key", key, "--attempts", "1"])
    let (endless, peakMiB) = try await RefoldProcess.runMeasuringPeak(
      ["store", "push", log, "--server", server.baseURL.appendingPathComponent("endless").absoluteString, "--key", key,
       "--attempts", "1"])
    await server.stop()
    #expect(refused.status != 0 && refused.stderr.contains("404"), "\(refused.stderr)")
    #expect(endless.status != 0, "\(endless.stderr)")
    #expect(endless.stderr.contains("larger than 1048576 bytes"), "\(endless.stderr)")
    #expect(peakMiB - restingMiB < 1 + Self.slackMiB, "peak \(peakMiB) MiB; refused at once \(restingMiB) MiB")
  }
}
