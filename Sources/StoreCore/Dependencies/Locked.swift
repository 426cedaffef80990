import Foundation

// NB: NSLock rather than `Mutex`: ThreadSanitizer does not see `Mutex` on Linux.

/// A counter several threads may advance.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value: UInt64 = 0

  func next() -> UInt64 {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}

/// A random number generator several threads may draw from, one at a time.
final class LockedGenerator: @unchecked Sendable {
  private let lock = NSLock()
  private var generator: any RandomNumberGenerator

  init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = generator
  }

  func withGenerator<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    try lock.withLock { try work(&generator) }
  }
}
