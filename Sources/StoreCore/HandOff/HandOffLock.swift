#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock between the main actor and the thread that takes commits from a ``CommitQueue``:
/// a pthread mutex.
///
/// Not `Synchronization.Mutex`: on Linux that one is built on futex calls and atomics inside the
/// standard library, which is not instrumented, so ThreadSanitizer sees no order between the
/// threads and reports every access it guards as a race. ThreadSanitizer intercepts
/// `pthread_mutex_lock`, so with this lock a real race still shows and a guarded access does not.
package final class HandOffLock: @unchecked Sendable {
  // NB: @unchecked: the mutex is only touched through the pthread calls, which synchronize.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the lock held.
  @inline(__always)
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
