public import CSystemCalls

/// When an action was committed (the event log writes it as an event's `t`).
///
/// On Linux it is read from `CLOCK_REALTIME_COARSE`, the kernel's clock as of its last tick (every
/// 1 to 4 ms), which costs a sixth of the precise clock (3.8 ns against 24 ns on the benchmark
/// machine, where the precise one would be most of a recorded commit's cost). It calls the vDSO's
/// `clock_gettime` directly, not libc's wrapper (`coarseclock.c`). In W4 the clock costs nothing
/// that can be measured: within one build, with the pointer switched at startup, the vDSO's call,
/// libc's wrapper and a stand-in that returns a constant gave the recorded commit 13.0, 13.1 and
/// 13.0 ns (medians of 150 interleaved quick runs each); it runs in the shadow of the rest of
/// the commit. `t` is informational (replay orders by `seq`), so its resolution is the tick's.
///
/// One `UInt64` of nanoseconds since 1970 (good until 2554). Pending commits keep it in one word
/// with the action's origin (``CommitStamp``), written only for a commit whose stamp differs
/// from the one before (``CommitBlock``).
@usableFromInline
package struct CommitTime: Sendable {
  @usableFromInline package let nanosecondsSince1970: UInt64

  @inlinable
  package init(nanosecondsSince1970: UInt64) {
    self.nanosecondsSince1970 = nanosecondsSince1970
  }

  @inlinable
  package static func now() -> CommitTime {
    CommitTime(nanosecondsSince1970: refold_coarse_realtime_nanoseconds())
  }
}
