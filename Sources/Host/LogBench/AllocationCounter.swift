import CSystemCalls
import Foundation
import Synchronization

/// Counts Swift heap allocations in this process, through the runtime's own allocation hook.
///
/// The Swift runtime calls every `swift_allocObject` (class instances, closure contexts, boxes,
/// array, string and dictionary buffers) through an overridable function pointer,
/// `_swift_allocObject`; Instruments and package-benchmark's ARC counters use the same hook.
/// Allocations that C code makes with `malloc` (json-c, Foundation's C core, the concurrency
/// runtime's task allocator) do not pass through it, so for workloads with such code this is a
/// lower bound, and `refold bench` reports no figure for them (nor for OpenCombine, which
/// allocates outside this hook too). package-benchmark's
/// MallocInterposer (the `Benchmarks/` package) counts every `malloc`.
package enum AllocationCounter {
  private typealias AllocateObject = @convention(c) (
    _ metadata: UnsafeRawPointer?, _ size: Int, _ alignmentMask: Int
  ) -> UnsafeMutableRawPointer?

  /// Where the runtime keeps the hook and the flag it sets once the hook has been swapped;
  /// nil when this runtime exports neither (the counter is then unavailable).
  // NB: Unsafe pointers are not Sendable; these two words are written only by `counting(_:)`,
  //     on the main actor, and read by the runtime.
  nonisolated(unsafe) private static let slots: (hook: UnsafeMutablePointer<UInt>, swizzled: UnsafeMutablePointer<Bool>?)? = {
    guard let process = dlopen(nil, RTLD_NOW),
      let hook = dlsym(process, "_swift_allocObject")
    else { return nil }
    let swizzled = dlsym(process, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
    return (hook.assumingMemoryBound(to: UInt.self), swizzled?.assumingMemoryBound(to: Bool.self))
  }()

  nonisolated(unsafe) private static let swizzled = slots?.swizzled

  /// The runtime's own allocator: the hook's value before anyone swapped it.
  private static let original: UInt = slots?.hook.pointee ?? 0

  private static let count = Atomic<Int>(0)
  /// When not 0, only allocations on this thread (a `pthread_t`) are counted.
  private static let onlyThread = Atomic<UInt>(0)

  private static let countingHook: AllocateObject = { metadata, size, alignmentMask in
    let only = AllocationCounter.onlyThread.load(ordering: .relaxed)
    if only == 0 || only == AllocationCounter.currentThread() {
      AllocationCounter.count.add(1, ordering: .relaxed)
    }
    // The runtime has just turned on its slow path for retain and release, for tools that
    // swap those too. Swift 6.3 on Linux crashes on that path (a retain of a value that is
    // not a plain object pointer), so turn it off again: only allocations are counted here.
    // Atomically: every thread that allocates while counting writes it.
    if let swizzled = AllocationCounter.swizzled { refold_store_flag_relaxed(swizzled, false) }
    return unsafeBitCast(AllocationCounter.original, to: AllocateObject.self)(metadata, size, alignmentMask)
  }

  private static func currentThread() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }

  /// The allocations counted so far: read before and after a step inside ``counting(threadOnly:_:)``
  /// for that step's count (`bench --log` counts each action so).
  package static var countSoFar: Int { count.load(ordering: .relaxed) }

  /// Whether this runtime lets allocations be counted.
  package static var isAvailable: Bool { slots != nil && original != 0 }

  /// How many Swift heap allocations happened while `body` ran, on any thread or (with
  /// `threadOnly`) on this one; nil when counting is unavailable.
  ///
  /// Counting slows the runtime's retain and release down while it is on, so `refold bench`
  /// counts in passes of their own, never while it times.
  @MainActor
  package static func counting<R>(threadOnly: Bool = false, _ body: () throws -> R) rethrows -> (result: R, allocations: Int?) {
    guard isAvailable, let slots else { return (try body(), nil) }
    onlyThread.store(threadOnly ? currentThread() : 0, ordering: .relaxed)
    defer { onlyThread.store(0, ordering: .relaxed) }
    let hook = unsafeBitCast(countingHook, to: UInt.self)
    // A plain store of one aligned word: the runtime reads the pointer without a lock too,
    // and a thread that still sees the old value just goes uncounted.
    slots.hook.pointee = hook
    defer {
      slots.hook.pointee = original
      // Back to the runtime's fast path for retain and release.
      if let swizzled = slots.swizzled { refold_store_flag_relaxed(swizzled, false) }
    }
    let before = count.load(ordering: .relaxed)
    let result = try body()
    return (result, count.load(ordering: .relaxed) - before)
  }
}
