import Foundation

extension DemoBackend {
  /// What the backend has seen so far, per request path (`/search`, `/auth/local`, `/users`).
  public struct Counts: Sendable, Equatable {
    /// Requests received, finished or not.
    public var requests: [String: Int] = [:]
    /// Requests being handled right now.
    public var inFlight: [String: Int] = [:]
    /// Slow requests that ended because the client closed the connection.
    public var disconnects: [String: Int] = [:]

    public init() {}
  }
}

/// The backend's mutable state: counts, behaviours set from code, and the observers waiting on
/// the counts. Route handlers run on many threads at once.
// NB: @unchecked because every stored property is read and written under `lock`.
final class DemoBackendState: @unchecked Sendable {
  private let lock = NSLock()
  private var counts = DemoBackend.Counts()
  private var behaviors: [String: DemoBehavior] = [:]
  private var observers: [UUID: AsyncStream<DemoBackend.Counts>.Continuation] = [:]
  private var stopping = false

  var snapshot: DemoBackend.Counts { lock.withLock { counts } }

  var isStopping: Bool { lock.withLock { stopping } }

  func behavior(for path: String) -> DemoBehavior {
    lock.withLock { behaviors[path] ?? .fixtures }
  }

  func setBehavior(_ behavior: DemoBehavior, for path: String) {
    lock.withLock { behaviors[path] = behavior == .fixtures ? nil : behavior }
  }

  func update(_ change: (inout DemoBackend.Counts) -> Void) {
    let (counts, observers) = lock.withLock {
      change(&self.counts)
      return (self.counts, Array(self.observers.values))
    }
    for observer in observers { observer.yield(counts) }
  }

  /// A stream of counts: the current ones first, then every change, until the backend stops or
  /// the stream is dropped.
  func observe() -> AsyncStream<DemoBackend.Counts> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: DemoBackend.Counts.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    let current: DemoBackend.Counts? = lock.withLock {
      guard !stopping else { return nil }
      observers[id] = continuation
      return counts
    }
    guard let current else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      _ = self.lock.withLock { self.observers.removeValue(forKey: id) }
    }
    continuation.yield(current)
    return stream
  }

  func resetCounts() {
    update { $0 = DemoBackend.Counts() }
  }

  /// Marks the backend as stopping and ends every observation.
  func beginStopping() {
    let observers = lock.withLock {
      stopping = true
      defer { self.observers.removeAll() }
      return Array(self.observers.values)
    }
    for observer in observers { observer.finish() }
  }
}
