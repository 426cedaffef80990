import Effects
import Foundation
import Testing

@testable import Demo
@testable import Host

/// Runs `body` against a fresh backend on an OS-chosen port and stops it afterwards, whether
/// `body` throws or not. Each test gets its own backend, so counts never mix. `body` runs on the
/// caller's actor, so a `@MainActor` test can drive a store in it.
func withDemoBackend(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (DemoBackend) async throws -> Void
) async throws {
  let backend = try await DemoBackend.start()
  do {
    try await body(backend)
  } catch {
    await backend.stop()
    throw error
  }
  await backend.stop()
}

/// Starts `operation` in a task, waits until the backend is handling its request, cancels the
/// task, and returns how the operation ended and how long that took after the cancel.
///
/// The wait for the request is bounded by `waitUntil`'s timeout; nothing here sleeps.
func cancelMidFlight<T: Sendable>(
  _ backend: DemoBackend,
  path: String,
  _ operation: @escaping @Sendable () async throws -> T
) async throws -> (result: Result<T, any Error>, afterCancel: Duration) {
  let task = Task { try await operation() }
  let arrived = await backend.waitUntil { $0.inFlight[path, default: 0] == 1 }
  try #require(arrived, "the request never reached \(path)")
  var result: Result<T, any Error>!
  let afterCancel = await ContinuousClock().measure {
    task.cancel()
    result = await task.result
  }
  return (result, afterCancel)
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}

extension DemoBackend {
  /// Waits until the backend has had `count` requests to `path` and finished handling them,
  /// however they ended, and says whether each ended because its client went away: how a test
  /// asks "did the client really close its connection?".
  ///
  /// NB: It waits for the requests' end, which the backend bounds (a slow answer is sent after
  ///     30 s), then reads how they ended; waiting for the disconnect itself with `waitUntil`'s
  ///     10 s safety net failed in a loaded test process (its tests stalled for 17 s) for a
  ///     disconnect counted a moment later.
  func endedByDisconnect(_ path: String, count: Int = 1) async -> Bool {
    let ended = await waitUntil(timeout: .seconds(60)) {
      $0.requests[path, default: 0] == count && $0.inFlight[path, default: 0] == 0
    }
    return ended && disconnectCount(for: path) == count
  }
}
