import Synchronization

/// How many connections each client address holds open, shared by every connection's
/// ``SlowClientGuard`` (connections run on several event loops, hence the lock).
final class ConnectionsByAddress: Sendable {
  private let counts = Mutex<[String: Int]>([:])

  /// Counts a new connection from `address`, unless that address already holds `limit`:
  /// false then, and nothing is counted.
  func open(_ address: String, limit: Int) -> Bool {
    counts.withLock { counts in
      let open = counts[address, default: 0]
      guard open < limit else { return false }
      counts[address] = open + 1
      return true
    }
  }

  /// Forgets a connection ``open(_:limit:)`` counted.
  func close(_ address: String) {
    counts.withLock { counts in
      let left = counts[address, default: 1] - 1
      counts[address] = left > 0 ? left : nil
    }
  }
}
