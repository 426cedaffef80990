import Benchmark
import BenchWorkloads

/// What two development and UI conveniences cost per action, each against its baseline in
/// the same run.
///
/// - Printer.none, Printer.changes, Printer.fullDiff: a store of ``Bench/Settings`` (40 fields,
///   one changed per action) with no plugin, with StoreCore's `ChangesPrinter` (`==` per
///   field and a diff of the changed one), and with a full `diff(old, new)` of
///   the state per action, as TCA's `_printChanges()` does. The text goes to a counting sink.
/// - W1.observed, W2.observed: W1 and W2 with their fields observed through the store
///   (`store.count` in `withObservationTracking`, re-armed on each change) instead of bound;
///   read against W1.refold and W2.refold.
func registerPrinterAndObservationBenchmarks() {
  for printer in Bench.Printer.allCases {
    let key = "Printer.\(printer.rawValue)"
    // The baseline is W1 on another state: it allocates nothing per action, and keeps W1's bound.
    let setup = printer == .none ? configuration(.w1, .refold) : printerConfiguration()
    Benchmark(key, configuration: setup) { benchmark in
      onMainActor(benchmark) { benchmark in
        // A printer prints one text per action; the baseline none.
        runFixture(key, benchmark, notificationsPerAction: printer == .none ? 0 : 1) {
          Bench.PrinterStore(printer)
        }
      }
    }
  }
  Benchmark("W1.observed", configuration: observedConfiguration(.w1)) { benchmark in
    onMainActor(benchmark) { benchmark in
      runFixture("W1.observed", benchmark, notificationsPerAction: 1) { Bench.ObservedCounterStore() }
    }
  }
  Benchmark("W2.observed", configuration: observedConfiguration(.w2)) { benchmark in
    onMainActor(benchmark) { benchmark in
      runFixture("W2.observed", benchmark, notificationsPerAction: 1) { Bench.ObservedWideStore() }
    }
  }
}

/// W1's configuration (a thousand actions per sample), with longer samples: a thousand actions
/// take about 0.1 s with `ChangesPrinter` and 0.7 s with the full diff, so W1's 300 ms would
/// give the full diff a single sample in CI's short pass.
func printerConfiguration() -> Benchmark.Configuration {
  var configuration = configuration(.w1, .refold)
  configuration.maxDuration = isCI ? .seconds(3) : .seconds(10)
  configuration.maxIterations = isCI ? 5 : 20
  configuration.thresholds?[.mallocCountTotal] = mallocSlackPerSample()
  return configuration
}

/// W1's or W2's configuration, with the observed rows' malloc bound.
func observedConfiguration(_ workload: Bench.Workload) -> Benchmark.Configuration {
  var configuration = configuration(workload, .refold)
  configuration.thresholds?[.mallocCountTotal] = mallocSlackPerSample()
  return configuration
}

/// The printers allocate about 220 and 1,660 times per action (strings, custom-dump's mirrors),
/// an observed field about 10 (Observation's registrar and tracking): code this package does
/// not control. The counts were exact from run to run, but W1's two mallocs of slack would
/// leave none for a buffer of theirs that grows differently in some sample. 100 a sample is a
/// tenth of a malloc per action: one more per action still fails the check.
func mallocSlackPerSample() -> BenchmarkThresholds { .init(absolute: [.p90: 100]) }

/// `runSync` for a fixture that `Bench.fixture` does not make: set up on the first sample and
/// kept, its notifications checked against the actions sent.
@MainActor
func runFixture(
  _ key: String,
  _ benchmark: Benchmark,
  notificationsPerAction: Int,
  make: () -> any BenchFixture
) {
  let fixture = fixtures[key] ?? make()
  fixtures[key] = fixture
  let count = benchmark.scaledIterations.count
  let before = fixture.notifications
  benchmark.startMeasurement()
  fixture.run(count)
  benchmark.stopMeasurement()
  let notifications = fixture.notifications - before
  precondition(
    notifications == count * notificationsPerAction,
    "\(key): \(notifications) notifications for \(count) actions; expected \(notificationsPerAction) per action")
}
