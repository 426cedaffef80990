import CSystemCalls

/// When an action was committed: the `t` of its event line.
///
/// On Linux it is read from `CLOCK_REALTIME_COARSE`, the kernel's clock as of its last tick (every
/// 1 to 4 ms), which costs a sixth of the precise clock (3.8 ns against 24 ns on the benchmark
/// machine, where the precise one would be most of a recorded commit's cost). `t` is
/// informational (replay orders by `seq`), so its resolution is the tick's.
///
/// One `UInt64` of nanoseconds since 1970 (good until 2554), so that a pending commit of a small
/// action takes 16 bytes.
@usableFromInline
struct CommitTime: Sendable {
  @usableFromInline let nanosecondsSince1970: UInt64

  @inlinable
  init(nanosecondsSince1970: UInt64) {
    self.nanosecondsSince1970 = nanosecondsSince1970
  }

  @inlinable
  static func now() -> CommitTime {
    CommitTime(nanosecondsSince1970: refold_coarse_realtime_nanoseconds())
  }

  /// As the event line writes it.
  var value: Double {
    let (seconds, nanoseconds) = nanosecondsSince1970.quotientAndRemainder(dividingBy: 1_000_000_000)
    return LogLineWriter.time(seconds: Int(seconds), nanoseconds: Int(nanoseconds))
  }
}
