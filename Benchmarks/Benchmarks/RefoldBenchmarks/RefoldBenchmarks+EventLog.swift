import Benchmark
import BenchWorkloads
import Foundation

/// W4 and W5, which need a log file: in a scratch folder of this process.
///
/// - W4.refold: W1's counter with the recorder, until the writer has written and fsynced every
///   action of the sample, so that its mallocs (the writer's encoding included) are the same
///   from run to run. `refold bench` reports the store's thread alone.
/// - W4.refold-unrecorded: W1's counter, for the ratio.
/// - W5.refold: one verified replay of a recorded AmountInput log per sample (1,000,000 events;
///   100,000 in CI's short pass). The log is recorded once, before the first sample.
func registerEventLogBenchmarks() {
  Benchmark(name(.w4, .refold), configuration: configuration(.w4, .refold)) { benchmark in
    onMainActor(benchmark) { benchmark in
      let key = name(.w4, .refold)
      if fixtures[key] == nil {
        fixtures[key] = try! Bench.RecordedCounter(file: scratchFile("w4.log"))
      }
      let fixture = fixtures[key]!
      let count = benchmark.scaledIterations.count
      let before = fixture.notifications
      fixture.settle()
      benchmark.startMeasurement()
      fixture.run(count)
      fixture.settle()
      benchmark.stopMeasurement()
      checkNotifications(key, .w4, fixture.notifications - before, count)
    }
  }
  Benchmark(name(.w4, .refoldUnrecorded), configuration: configuration(.w4, .refoldUnrecorded)) { benchmark in
    onMainActor(benchmark) { benchmark in
      runSync(.w4, .refoldUnrecorded, benchmark)
    }
  }
  Benchmark(
    name(.w5, .refold),
    configuration: .init(
      metrics: [.wallClock, .instructions, .mallocCountTotal],
      timeUnits: .milliseconds,
      warmupIterations: 0,
      scalingFactor: .one,
      maxDuration: .seconds(isCI ? 2 : 10),
      maxIterations: isCI ? 2 : 5,
      thresholds: [
        .mallocCountTotal: .init(relative: [.p90: 2]),
        .instructions: .init(relative: [.p90: 3]),
      ]
    )
  ) { benchmark in
    nonisolated(unsafe) let benchmark = benchmark
    await runReplay(benchmark)
  }
}

@MainActor var replayWorkload: Bench.ReplayWorkload?

@MainActor
func runReplay(_ benchmark: Benchmark) async {
  if replayWorkload == nil {
    replayWorkload = try! await Bench.ReplayWorkload.record(events: isCI ? 100_000 : 1_000_000, to: scratchFile("w5.log"))
  }
  let workload = replayWorkload!
  benchmark.startMeasurement()
  let events = try! workload.replay()
  benchmark.stopMeasurement()
  precondition(events == workload.events)
}

/// This process's scratch folder, removed when the suite exits.
let scratchFolder: URL = {
  atexit { try? FileManager.default.removeItem(at: scratchFolderPath()) }
  let folder = scratchFolderPath()
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}()

private func scratchFolderPath() -> URL {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("refold-benchmarks-\(ProcessInfo.processInfo.processIdentifier)")
}

func scratchFile(_ name: String) -> URL { scratchFolder.appendingPathComponent(name) }
