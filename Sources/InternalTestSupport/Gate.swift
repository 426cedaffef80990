import Synchronization

/// A door that a test's stand-in waits at until the test opens it. Waiting ignores
/// cancellation, like a write that has already started or a query a server never answers.
package final class Gate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  package init() {}

  package func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  package func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
