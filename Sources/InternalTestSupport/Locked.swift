import Foundation

/// A value the tests share between an effect's thread and their own, behind a lock that
/// ThreadSanitizer sees.
///
/// `NSLock` is a pthread mutex, whose order ThreadSanitizer intercepts. `Synchronization.Mutex`
/// waits on a futex on Linux, which it does not intercept: a fixture behind one was reported as
/// a race on the values it guards (ReducersTests' `Recorded`, in CI's ThreadSanitizer stage).
// NB: @unchecked: `value` is only touched with `lock` held.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
