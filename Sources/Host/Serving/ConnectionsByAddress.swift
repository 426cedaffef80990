import Foundation

/// How many connections each client address holds open, shared by every connection's
/// ``SlowClientGuard`` (connections run on several event loops, hence the lock).
// NB: @unchecked: `counts` is only touched with `lock` held. NSLock rather than `Mutex`:
// ThreadSanitizer does not see `Mutex` on Linux, and reported these counts as racing in CI.
final class ConnectionsByAddress: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  /// Counts a new connection from `address`, unless that address already holds `limit`:
  /// false then, and nothing is counted.
  func open(_ address: String, limit: Int) -> Bool {
    lock.withLock {
      let open = counts[address, default: 0]
      guard open < limit else { return false }
      counts[address] = open + 1
      return true
    }
  }

  /// Forgets a connection ``open(_:limit:)`` counted.
  func close(_ address: String) {
    lock.withLock {
      let left = counts[address, default: 1] - 1
      counts[address] = left > 0 ? left : nil
    }
  }
}
