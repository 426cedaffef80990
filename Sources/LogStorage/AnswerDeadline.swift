import Foundation

/// How long the log store waits for the database to answer one operation, on which clock.
package struct AnswerDeadline: Sendable {
  package var limit: Duration
  package var clock: any Clock<Duration>

  package init(limit: Duration, clock: any Clock<Duration> = ContinuousClock()) {
    self.limit = limit
    self.clock = clock
  }

  /// A minute: a statement of the store's takes milliseconds, storing a megabyte's log well
  /// under a second, and starting a check run over a large corpus (a row per log) seconds; a
  /// minute is far past all of them, and as long as an uploader waits for an answer.
  package static let standard = AnswerDeadline(limit: .seconds(60))
}

/// Waits for `operation` at most `deadline.limit`, even when it never answers and ignores
/// cancellation.
///
/// postgres-nio can leave a query waiting forever when the server restarts under it (a request
/// of `refold collect` waited 90 s and more, and held the server's shutdown with it, in about
/// one of three test runs under load). A task group would wait for such a child however it is
/// cancelled, so the operation runs in a task of its own: on time, its answer is returned; late,
/// it is cancelled and left to end whenever it does, and the caller gets
/// ``AnswerDeadlinePassed``.
package func withAnswerDeadline<T: Sendable>(
  _ deadline: AnswerDeadline, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = AnswerRace<T>()
  let work = Task { await race.finish(Result { try await operation() }) }
  let timer = Task {
    do { try await deadline.clock.sleep(for: deadline.limit) } catch { return }
    race.finish(.failure(AnswerDeadlinePassed(limit: deadline.limit)))
  }
  defer { timer.cancel() }
  let result = await withTaskCancellationHandler {
    await race.outcome()
  } onCancel: {
    work.cancel()
  }
  if case .failure(let error) = result, error is AnswerDeadlinePassed { work.cancel() }
  return try result.get()
}

/// The operation given to ``withAnswerDeadline(_:_:)`` did not answer in time.
package struct AnswerDeadlinePassed: Error, CustomStringConvertible {
  let limit: Duration
  package var description: String { "no answer within \(limit.components.seconds) s" }
}

/// The first of an answer and the deadline, handed to whoever waits, once.
// NB: @unchecked: `result` and `waiting` are only touched with `lock` held. NSLock rather than
// `Mutex`: ThreadSanitizer does not see `Mutex` on Linux.
private final class AnswerRace<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<T, any Error>?
  private var waiting: CheckedContinuation<Result<T, any Error>, Never>?

  func finish(_ result: Result<T, any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<Result<T, any Error>, Never>? in
      guard self.result == nil else { return nil }
      self.result = result
      defer { self.waiting = nil }
      return self.waiting
    }
    waiting?.resume(returning: result)
  }

  func outcome() async -> Result<T, any Error> {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock { () -> Result<T, any Error>? in
        if let result { return result }
        waiting = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}

extension Result where Failure == any Error {
  /// `Result(catching:)` for an async body.
  fileprivate init(_ body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
