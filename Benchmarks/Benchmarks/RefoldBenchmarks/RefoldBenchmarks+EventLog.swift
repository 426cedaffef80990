import Benchmark
import BenchWorkloads
import Foundation

/// W4 and W5, which need a log file: in a scratch folder of this process.
///
/// - W4.refold: W1's counter with the recorder, until the writer has written and fsynced every
///   action of the sample, so that its mallocs (the writer's encoding included) are the same
///   from run to run. `refold bench` reports the store's thread alone.
/// - W4.refold-unrecorded: W1's counter, for the ratio.
/// - W4.refold-strings and W4.refold-strings-unrecorded: the same on a state of eight strings
///   and an array of them (`Bench.Profile`), where a commit that copied the state would
///   allocate or retain for each of them.
/// - W5.refold: one verified replay of a recorded AmountInput log per sample (1,000,000 events;
///   100,000 in CI's short pass). The log is recorded once, before the first sample.
func registerEventLogBenchmarks() {
  registerRecorded(.refold) { try Bench.RecordedCounter(file: scratchFile("w4.log")) }
  registerRecorded(.refoldStrings) { try Bench.RecordedProfile(file: scratchFile("w4-strings.log")) }
  for system in [Bench.System.refoldUnrecorded, .refoldStringsUnrecorded] {
    Benchmark(name(.w4, system), configuration: configuration(.w4, system)) { benchmark in
      onMainActor(benchmark) { benchmark in
        runSync(.w4, system, benchmark)
      }
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
      // A replay's mallocs are the same from run to run within a few: most of them are the
      // actions decoded once per worker (a cache miss: a copy of the bytes as the key), and
      // which chunks each worker takes moves only the misses at a chunk's start. 2 % is about
      // 500 of 26,000; one malloc more per decoded action adds 80 %.
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

/// A W4 benchmark with the recorder: a sample runs until the writer has written and fsynced
/// each of its actions (see above).
private func registerRecorded(_ system: Bench.System, makeFixture: @escaping @MainActor () throws -> any BenchFixture) {
  Benchmark(name(.w4, system), configuration: configuration(.w4, system)) { benchmark in
    onMainActor(benchmark) { benchmark in
      let key = name(.w4, system)
      if fixtures[key] == nil {
        fixtures[key] = try! makeFixture()
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
