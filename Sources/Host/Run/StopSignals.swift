import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM, turned from "die now, with the log torn" into a request to stop:
/// the first one is noted and wakes whoever waits (``firstOf(_:)``), so that the run stops
/// reading input, cancels its effects and closes its log; a second one exits at once.
package final class StopSignals: @unchecked Sendable {
  // NB: @unchecked: `sources` is written only in `install`, before any handler can run; `state`
  //     only with `lock` held (an NSLock, which ThreadSanitizer sees, unlike Mutex on Linux).
  private struct Waiting {
    var received: Int32?
    var waiters: [@Sendable () -> Void] = []
  }

  private let lock = NSLock()
  private var waiting = Waiting()
  /// Kept, because a released source stops handling its signal.
  private var sources: [any DispatchSourceSignal] = []

  private init() {}

  /// Takes over SIGINT and SIGTERM for the rest of the process.
  package static func install() -> StopSignals {
    let signals = StopSignals()
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { signals.receive(number) }
      source.resume()
      signals.sources.append(source)
    }
    return signals
  }

  /// The signal that asked the run to stop, if one did.
  package var received: Int32? { lock.withLock { waiting.received } }

  private func receive(_ number: Int32) {
    let waiters: [@Sendable () -> Void]? = lock.withLock {
      if waiting.received != nil { return nil }
      waiting.received = number
      defer { waiting.waiters = [] }
      return waiting.waiters
    }
    guard let waiters else {
      // The second: the user means it.
      Terminal.diagnostic("\(Self.name(number)) again: exiting at once")
      _exit(128 + number)
    }
    for waiter in waiters { waiter() }
  }

  /// Calls `action` when the first signal comes, or at once if it came already.
  package func whenReceived(_ action: @escaping @Sendable () -> Void) {
    let now = lock.withLock { () -> Bool in
      if waiting.received != nil { return true }
      waiting.waiters.append(action)
      return false
    }
    if now { action() }
  }

  /// The result of `work`, or nil if a signal came first (then `work` is abandoned: a blocked
  /// read of stdin cannot be cancelled, and the process is about to end).
  package func firstOf<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T? {
    let once = Once<Result<T?, any Error>>()
    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T?, any Error>) in
      once.set(continuation)
      let signalled = lock.withLock { () -> Bool in
        if waiting.received != nil { return true }
        waiting.waiters.append { once.resume(.success(nil)) }
        return false
      }
      if signalled {
        once.resume(.success(nil))
        return
      }
      Task {
        let result: Result<T?, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        once.resume(result)
      }
    }
  }

  /// The exit code for a run the signal stopped: 128 + its number (130, 143).
  package var exitCode: Int32 { 128 + (received ?? SIGINT) }

  package static func name(_ number: Int32) -> String {
    switch number {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    default: "signal \(number)"
    }
  }

  /// A continuation resumed at most once, whoever comes first.
  private final class Once<Value: Sendable>: @unchecked Sendable {
    // NB: @unchecked: `resumeWith` and `done` are only touched with `lock` held.
    private let lock = NSLock()
    private var done = false
    private var resumeWith: (@Sendable (Value) -> Void)?

    func set<T>(_ continuation: CheckedContinuation<T?, any Error>) where Value == Result<T?, any Error> {
      lock.withLock { resumeWith = { continuation.resume(with: $0) } }
    }

    func resume(_ value: Value) {
      let resume: (@Sendable (Value) -> Void)? = lock.withLock {
        if done { return nil }
        done = true
        return resumeWith
      }
      resume?(value)
    }
  }
}
