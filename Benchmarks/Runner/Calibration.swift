/// How many operations a timed run does: about ``runTime``'s worth, found by timing growing
/// counts of them.
struct Calibration {
  /// About how long one timed run should take.
  var runTime: Duration
  /// Times one call of its argument (the bench's clock; a test's own).
  var time: (() -> Void) -> Duration

  /// Runs `body` with counts 1, 4, 16 … until one takes an eighth of `runTime`, then scales
  /// that count to `runTime` and runs it once more, as the warm-up.
  ///
  /// The count that crosses is timed twice, and only a count that crosses both times ends the
  /// search (scaled from the shorter time): a cost paid once (a first use that loads and
  /// caches; a recorder's first burst, which waits for its writer's first measure) would
  /// otherwise set the count for every run. W4 was calibrated to 117 actions a run that way,
  /// in two of ten quick runs, where the store's wake-up of the recorder's writer at the start
  /// of each run then cost as much as the actions and doubled the recorded figure.
  func count(_ body: (Int) -> Void) -> Int {
    var count = 1
    while true {
      let elapsed = time { body(count) }
      if elapsed >= runTime / 8 || count >= Self.maxCount {
        let again = time { body(count) }
        if again >= runTime / 8 || count >= Self.maxCount {
          let scaled = Double(count) * (BenchRunner.nanoseconds(runTime) / max(BenchRunner.nanoseconds(min(elapsed, again)), 1))
          let calibrated = max(1, Int(scaled))
          body(calibrated)
          return calibrated
        }
      }
      count *= 4
    }
  }

  /// The largest count timed: a workload this fast is scaled from it.
  static var maxCount: Int { 1 << 26 }
}
