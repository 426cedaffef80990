import Foundation
import Testing

/// A server whose answer never ends, sent as fast as loopback carries it: each client stops at
/// its cap without holding more than the cap and a bounded slack, measured as the peak resident
/// size of `refold` (``MeasuredRun``) against the same command answered at once (a 404) by the
/// same server.
@Suite(.serialized)
struct AnswerMemoryTests {
  /// What a client may hold past its cap and past the command answered at once: the body's
  /// buffer grown past the cap and a read or two in flight. Measured (debug build, 8 runs):
  /// `run` 6.6 to 8.5 MiB over the answer at once with its 8 MiB cap, `store push` -0.6 to
  /// 1.4 MiB with its 1 MiB one; through URLSession on Linux, which queues every read for its
  /// delegate, `run` held 413 to 569 MiB more.
  static let slackMiB = 24.0

  /// Whether this run can measure it: under ThreadSanitizer the shadow of every buffer the
  /// answer passed through stays resident after it is freed (CollectMemoryTests), so the
  /// bound is checked by `make test` and the release tests, and the TSan stage checks the rest.
  static let measuresMemory = !Sanitizer.isThreadSanitizerOn

  @Test func runAgainstAnEndlessAnswerHoldsNoMoreThanItsCap() async throws {
    let server = try FloodingServer.start()
    defer { server.stop() }
    let answered = try await EndlessAnswerRuns.run(server.baseURL)
    #expect(answered.status == 0 && answered.stdout.contains("404"), "\(answered.stdout)\(answered.stderr)")
  }

  /// The uploader took `http://` through SwiftNIO before the clients did (for its CPU), so this
  /// one passed before `run`'s did; it keeps the uploader from going back.
  @Test func pushAgainstAnEndlessAnswerHoldsNoMoreThanItsCap() async throws {
    let server = try FloodingServer.start()
    defer { server.stop() }
    try await EndlessAnswerRuns.push(server.baseURL)
  }
}
