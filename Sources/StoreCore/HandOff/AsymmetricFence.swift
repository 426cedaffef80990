import CSystemCalls
public import Synchronization

/// A store-load fence split unevenly between two threads: the frequent side (the store handing a
/// commit to the recorder) pays only a compiler barrier, and the rare side (the recorder's
/// writer going to sleep) pays for both with `membarrier(2)`, which runs a full barrier on every
/// running thread of the process.
///
/// Why: the writer sleeps when it has nothing to do, so each commit must check whether to wake
/// it. Publishing a commit and then reading the writer's "sleeping" flag is the store-then-load
/// pattern that needs a full fence on each side (otherwise the store can miss the flag while the
/// writer misses the commit, and the commit waits unwritten). A full fence on the store's side
/// costs more than the rest of a recorded commit; the writer goes to sleep at most once per
/// batch.
///
/// Where `membarrier` is not offered (not Linux, an old kernel, a seccomp filter), both sides
/// use a full fence: ``lightNeedsFullFence`` is true.
@usableFromInline
enum AsymmetricFence {
  /// Whether the light side must be a full fence, because the heavy side cannot be membarrier.
  static let lightNeedsFullFence: Bool = refold_membarrier_register() != 0

  /// The light side.
  @inlinable
  static func light(full: Bool) {
    if full {
      atomicMemoryFence(ordering: .sequentiallyConsistent)
    } else {
      // A compiler barrier only on x86 (no instruction): membarrier supplies the hardware fence.
      atomicMemoryFence(ordering: .acquiringAndReleasing)
    }
  }

  /// The heavy side. Returns false if the barrier failed: the caller must then not rely on the
  /// fence, and polls instead of sleeping.
  static func heavy() -> Bool {
    if lightNeedsFullFence {
      atomicMemoryFence(ordering: .sequentiallyConsistent)
      return true
    }
    return refold_membarrier() == 0
  }
}
