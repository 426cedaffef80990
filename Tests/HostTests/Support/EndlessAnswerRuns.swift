import Foundation
import Testing

/// The two measurements ``AnswerMemoryTests`` (`http://`) and ``HTTPSAnswerTests`` (`https://`)
/// make against a server whose `/endless` answer never ends: a command answered at once, then
/// the same command against the endless answer, which must be cut at the client's cap with at
/// most the cap and ``AnswerMemoryTests/slackMiB`` more at its peak. The caller checks what the
/// answer at once says, which differs by server.
enum EndlessAnswerRuns {
  static let events = #"{"onAppear":{}}"# + "\n"

  /// `run userList` (8 MiB cap) against `baseURL` and its endless answer; returns the first run.
  static func run(_ baseURL: URL, environment: [String: String] = [:]) async throws -> MeasuredRun {
    let answered = try await MeasuredRun.run(
      ["run", "userList", "--base-url", baseURL.absoluteString, "--request-timeout", "60"], stdin: events, environment: environment)
    let endless = try await MeasuredRun.run(
      ["run", "userList", "--base-url", baseURL.appendingPathComponent("endless").absoluteString], stdin: events,
      environment: environment)
    #expect(endless.status == 0, "\(endless.stderr)")
    #expect(endless.stdout.contains("larger than 8388608 bytes"), "\(endless.stdout)")
    expectPeak(of: endless, over: answered, capMiB: 8)
    return answered
  }

  /// `store push` (1 MiB cap) of one log to `baseURL`, refused at once (a 404), and to its
  /// endless answer.
  static func push(_ baseURL: URL, environment: [String: String] = [:]) async throws {
    let directory = try TemporaryDirectory()
    let log = try directory.file("one.log", contents: Data(StoreTestLogs.log(1)))
    let key = "rfk_" + String(repeating: "a", count: 64)
    let refused = try await MeasuredRun.run(
      ["store", "push", log, "--server", baseURL.absoluteString, "--key", key, "--attempts", "1"], environment: environment)
    let endless = try await MeasuredRun.run(
      ["store", "push", log, "--server", baseURL.appendingPathComponent("endless").absoluteString, "--key", key,
       "--attempts", "1"],
      environment: environment)
    #expect(refused.status != 0 && refused.stderr.contains("404"), "\(refused.stderr)")
    #expect(endless.status != 0, "\(endless.stderr)")
    #expect(endless.stderr.contains("larger than 1048576 bytes"), "\(endless.stderr)")
    expectPeak(of: endless, over: refused, capMiB: 1)
  }

  /// The endless run's peak over the run answered at once stays under the cap and the slack;
  /// not checked under ThreadSanitizer (``AnswerMemoryTests/measuresMemory``).
  private static func expectPeak(of endless: MeasuredRun, over atOnce: MeasuredRun, capMiB: Double) {
    guard AnswerMemoryTests.measuresMemory else { return }
    #expect(
      endless.peakMiB - atOnce.peakMiB < capMiB + AnswerMemoryTests.slackMiB,
      "peak \(endless.peakMiB) MiB; answered at once \(atOnce.peakMiB) MiB")
  }
}
