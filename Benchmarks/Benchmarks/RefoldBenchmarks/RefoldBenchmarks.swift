import Benchmark
import Dispatch
import Foundation
import BenchWorkloads

/// Issue 7's workloads and baselines, one benchmark each: "W1.refold", "W1.naive", …
///
/// The fixtures come from `Bench` in the BenchWorkloads module, the same code `refold bench` runs. CI
/// gates on the malloc counts (and on instructions where the machine has the counter); wall
/// time is reported, never gated.
let benchmarks: @Sendable () -> Void = {
  for workload in [Bench.Workload.w1, .w2, .w3] {
    for system in Bench.systems(for: workload) {
      Benchmark(name(workload, system), configuration: configuration(workload, system)) { benchmark in
        onMainActor(benchmark) { benchmark in
          runSync(workload, system, benchmark)
        }
      }
    }
  }
  for system in Bench.systems(for: .w6) {
    Benchmark(name(.w6, system), configuration: configuration(.w6, system)) { benchmark in
      nonisolated(unsafe) let benchmark = benchmark
      await runAsync(.w6, system, benchmark)
    }
  }
  registerEventLogBenchmarks()
  registerPrinterAndObservationBenchmarks()
  registerComposedBenchmarks()
}

/// No spaces: package-benchmark writes a threshold file with "_" for " " but looks it up by
/// the name as it is, so a name with a space never finds its thresholds.
func name(_ workload: Bench.Workload, _ system: Bench.System) -> String {
  "\(workload.rawValue).\(system.rawValue)"
}

/// CI's short pass (`Scripts/check.sh` sets REFOLD_BENCH_CI): a few samples per benchmark.
let isCI = ProcessInfo.processInfo.environment["REFOLD_BENCH_CI"] != nil

func configuration(_ workload: Bench.Workload, _ system: Bench.System) -> Benchmark.Configuration {
  // W2 on OpenCombine takes about a millisecond per action: a thousand per sample is too many.
  let slow = workload == .w2 && system == .opencombine
  let scaling: BenchmarkScalingFactor = slow ? .one : .kilo
  return .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: isCI ? 1 : 3,
    scalingFactor: scaling,
    maxDuration: isCI ? .milliseconds(300) : .seconds(1),
    maxIterations: isCI ? (slow ? 5 : 20) : (slow ? 20 : 100),
    thresholds: [
      .mallocCountTotal: mallocTolerance(workload, system),
      // Instructions (on machines with the counter) drift a little with the toolchain.
      .instructions: .init(relative: [.p90: 3]),
    ]
  )
}

/// package-benchmark flags a deviation past *either* bound it is given, so each benchmark gets
/// one bound only.
/// - Synchronous workloads allocate exactly the same per run; two mallocs of slack cover a
///   buffer that grows now and then.
/// - W6's task hops allocate a continuation only when they really suspend: its count moves
///   with the machine's load (up to 4 % under a busy machine), so it gets a relative bound. One
///   more malloc per action would still show: it adds about 20 %.
/// - W4's recorder writes in batches whose number depends on how the writer thread was
///   scheduled. Its actions repeat, so they are written from the JSON kept for them and
///   allocate nothing: what is left is the batches' few tens of mallocs a sample of 1,000
///   actions (0 to 35 in runs here). 100 of slack is a tenth of a malloc per action.
/// - W5 sets its own bound (RefoldBenchmarks+EventLog.swift).
func mallocTolerance(_ workload: Bench.Workload, _ system: Bench.System) -> BenchmarkThresholds {
  switch (workload, system) {
  case (.w4, .refold), (.w4, .refoldStrings):
    .init(absolute: [.p90: 100])
  case (.w6, _):
    .init(relative: [.p90: 6])
  default:
    .init(absolute: [.p90: 2])
  }
}

// MARK: Fixtures on the main actor

/// One fixture per benchmark, set up once and reused by every sample, so that samples measure
/// the steady state, as `refold bench` does.
@MainActor var fixtures: [String: any BenchFixture] = [:]
@MainActor var asyncFixtures: [String: any AsyncBenchFixture] = [:]

@MainActor
func runSync(_ workload: Bench.Workload, _ system: Bench.System, _ benchmark: Benchmark) {
  let key = name(workload, system)
  guard let fixture = fixtures[key] ?? Bench.fixture(workload, system) else {
    fatalError("\(key): no such fixture")
  }
  fixtures[key] = fixture
  let count = benchmark.scaledIterations.count
  let before = fixture.notifications
  benchmark.startMeasurement()
  fixture.run(count)
  benchmark.stopMeasurement()
  checkNotifications(key, workload, fixture.notifications - before, count)
}

@MainActor
func runAsync(_ workload: Bench.Workload, _ system: Bench.System, _ benchmark: Benchmark) async {
  let key = name(workload, system)
  guard let fixture = asyncFixtures[key] ?? Bench.asyncFixture(workload, system) else {
    fatalError("\(key): no such fixture")
  }
  asyncFixtures[key] = fixture
  let count = benchmark.scaledIterations.count
  let before = fixture.notifications
  benchmark.startMeasurement()
  await fixture.run(count)
  benchmark.stopMeasurement()
  checkNotifications(key, workload, fixture.notifications - before, count)
}

/// W1, W2, W4 and W6 change what every binding watches with every action: exactly one call each.
/// W3's outputs sometimes repeat, and each system deduplicates differently.
func checkNotifications(_ key: String, _ workload: Bench.Workload, _ notifications: Int, _ operations: Int) {
  guard workload != .w3 else { return }
  precondition(
    notifications == operations,
    "\(key): \(notifications) notifications for \(operations) actions; expected exactly one per action")
}

/// package-benchmark calls a benchmark on a thread of its own, but the fixtures, like the
/// Store, live on the main actor. The runner's thread waits while the main thread works.
func onMainActor(_ benchmark: Benchmark, _ body: @MainActor (Benchmark) -> Void) {
  // NB: `Benchmark` is not Sendable. Only one thread uses it at a time: the runner's thread
  //     is blocked in `sync` while the main thread runs `body`.
  nonisolated(unsafe) let benchmark = benchmark
  DispatchQueue.main.sync {
    MainActor.assumeIsolated { body(benchmark) }
  }
}
