/// The TestStore's plugin: keeps the state after each sent action, and queues the actions that
/// effects send until the test receives them.
@MainActor
final class ReceivedActionRecorder<State, Action>: StorePlugin {
  struct Received {
    let action: Action
    let state: State
  }

  var received: [Received] = []
  var lastSent: Received?
  private var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var nextWaiter: UInt64 = 0

  nonisolated init() {}

  func didCommit(_ commit: Commit<State, Action>) {
    switch commit.origin {
    case .send:
      lastSent = Received(action: commit.action, state: commit.state)
    case .effect:
      received.append(Received(action: commit.action, state: commit.state))
      let waiters = self.waiters
      self.waiters = [:]
      for waiter in waiters.values { waiter.resume(returning: true) }
    }
  }

  /// Returns true as soon as an action that `isMatch` accepts is waiting, false after
  /// `timeout` (real time) without one. Each arrival wakes it once; nothing polls.
  func waitForReceived(
    matching isMatch: (Action) -> Bool = { _ in true },
    timeout: Duration
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !received.contains(where: { isMatch($0.action) }) {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return false }
      let arrived = await withTimeout(left) { [weak self] in
        await self?.nextArrival() ?? false
      }
      guard arrived ?? false else { return received.contains { isMatch($0.action) } }
    }
    return true
  }

  private func nextArrival() async -> Bool {
    nextWaiter += 1
    let id = nextWaiter
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled || !received.isEmpty {
          continuation.resume(returning: !received.isEmpty)
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.waiters.removeValue(forKey: id)?.resume(returning: false) }
    }
  }
}

/// Runs `operation`, giving up after `timeout` of real time. Returns nil on timeout.
///
/// A single sleep races the operation; nothing polls. `operation` must end promptly when its
/// task is cancelled, or the timeout cannot take effect.
@MainActor
func withTimeout<T: Sendable>(
  _ timeout: Duration,
  _ operation: @escaping @MainActor @Sendable () async -> T
) async -> T? {
  await withTaskGroup(of: T?.self, returning: T?.self) { group in
    group.addTask { await operation() }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}
