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

  /// Returns true as soon as an action is waiting, false after `timeout` without one.
  func waitForReceived(timeout: Duration) async -> Bool {
    if !received.isEmpty { return true }
    let arrived = await withTimeout(timeout) { [weak self] in
      await self?.nextArrival() ?? false
    }
    return (arrived ?? false) || !received.isEmpty
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
