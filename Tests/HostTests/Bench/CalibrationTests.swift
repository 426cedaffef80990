import Testing

@testable import Bench

/// `refold bench`'s calibration, on a clock the test keeps: every operation takes 1 µs, and
/// some calls cost more once.
struct CalibrationTests {
  /// A fake timer: `body(count)` takes `count` µs, plus whatever `stalls` holds for that call.
  final class FakeTimer {
    var calls = 0
    var stalls: [Int: Duration] = [:]
    var lastCount = 0
    var counts: [Int] = []

    func time(_ body: () -> Void) -> Duration {
      body()
      calls += 1
      return .microseconds(lastCount) + (stalls[calls] ?? .zero)
    }
  }

  func calibrate(_ timer: FakeTimer) -> Int {
    Calibration(runTime: .milliseconds(20), time: timer.time).count { count in
      timer.lastCount = count
      timer.counts.append(count)
    }
  }

  @Test func aSteadyWorkloadIsCalibratedToTheRunTime() {
    let timer = FakeTimer()
    // 1, 4, … 4,096 (4.1 ms, past an eighth of 20 ms), timed twice, then 20,000 as the warm-up.
    #expect(calibrate(timer) == 20_000)
    #expect(timer.counts == [1, 4, 16, 64, 256, 1_024, 4_096, 4_096, 20_000])
  }

  /// A one-time stall (a recorder's first burst waiting for its writer) on the first run of
  /// 256 would have set the count to 256 / 21 ms × 20 ms, 240: the search goes on instead.
  @Test func aOneTimeStallDoesNotSetTheCount() {
    let timer = FakeTimer()
    timer.stalls[5] = .milliseconds(21)
    #expect(calibrate(timer) == 20_000)
    #expect(timer.counts == [1, 4, 16, 64, 256, 256, 1_024, 4_096, 4_096, 20_000])
  }

  /// A workload that is slow every time keeps its slow count: the stall repeats.
  @Test func aCostPaidEveryTimeIsKept() {
    let timer = FakeTimer()
    timer.stalls[5] = .milliseconds(21)
    timer.stalls[6] = .milliseconds(21)
    #expect(calibrate(timer) == 20_000 * 256 / 21_256)
    #expect(timer.counts == [1, 4, 16, 64, 256, 256, 240])
  }
}
