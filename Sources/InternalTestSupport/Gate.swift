import Foundation

/// A door that a test's stand-in waits at until the test opens it. Waiting ignores
/// cancellation, like a write that has already started or a query a server never answers.
// NB: @unchecked: `isOpen` and `waiters` are only touched with `lock` held. NSLock rather than
// `Mutex`: ThreadSanitizer does not see `Mutex` on Linux.
package final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  package init() {}

  package func wait() async {
    await withCheckedContinuation { continuation in
      let openAlready = lock.withLock {
        if isOpen { return true }
        waiters.append(continuation)
        return false
      }
      if openAlready { continuation.resume() }
    }
  }

  package func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }
}
