import Host
import BenchWorkloads
/// Runs the workloads in this process and measures them: wall time with `ContinuousClock`,
/// Swift heap allocations with ``AllocationCounter``, binding calls with each fixture's tally.
///
/// Each fixture is first calibrated to a run of about ``Plan/runTime``, then the runs of all
/// systems of one workload are interleaved (refold, naive, opencombine, floor, refold, …), so
/// that a burst of noise on the machine hits every system alike and the ratios stay fair. A
/// figure is the median of the runs.
@MainActor
struct BenchRunner {
  struct Plan: Sendable {
    /// Timed runs per fixture; the figure is their median.
    var runs: Int
    /// About how long one timed run of one fixture takes.
    var runTime: Duration
    /// Operations per allocation-counting pass.
    var allocationOperations: Int
    /// When set, every run does exactly this many operations, without calibration: for
    /// profilers, which need the same work every time.
    var fixedOperations: Int?
    /// W4: at most this many actions per timed run, so that the log stays some megabytes. A
    /// run is one burst, which wakes the recorder's writer once (some 10 µs on the store's
    /// thread): the same number in both plans, so that a quick run measures the burst a full
    /// one does. (At 20,000 that wake was a twentieth of a quick run's figure, and the quick
    /// runs' ratios spread further.)
    var recordedOperations: Int
    /// W4: timed runs per system, more than ``runs``. A run is a burst of about 1.3 ms, and a
    /// busy host's scheduler takes the store's core away in slices of some 4 ms: one that lands
    /// in a run quadruples it. Beside two Swift builds, 28 of 360 recorded runs took one, and 3
    /// of 360 unrecorded (those follow the writer's settle, a sleep, and start with the
    /// scheduler's credit). The median of 5 moves when 3 runs do, that of 15 when 8 do: beside
    /// a build, 2 of 25 quick runs went over 2× with 5 runs, none of 25 with 15. The runs are
    /// short and the settles after them some 20 ms: a quick run takes about 0.5 s longer.
    var recordedRuns = 15
    /// W4's `refold-writer`: how many actions the sustained burst sends.
    var sustainedActions: Int = 10_000_000
    /// W5: the events in the replayed log, and how many times it is replayed.
    var replayEvents: Int
    var replayRuns: Int
    /// W7: how many distinct 64 KB actions the burst sends.
    var burstActions: Int = 20_000
    /// W9: how many logs the checked corpus holds (1,000 events each).
    var corpusLogs: Int = 1_000
    /// W11 and W12: how many logs of 1,000 events a round stores or checks.
    var storeLogs: Int = 200
    /// W11 and W12: the PostgreSQL server they make their scratch database on (`--store`).
    var logStore: String?

    static let quick = Plan(
      runs: 5, runTime: .milliseconds(20), allocationOperations: 1_000,
      recordedOperations: 100_000, sustainedActions: 500_000, replayEvents: 200_000, replayRuns: 3, burstActions: 2_000,
      corpusLogs: 100, storeLogs: 40)
    static let full = Plan(
      runs: 7, runTime: .milliseconds(150), allocationOperations: 10_000,
      recordedOperations: 100_000, replayEvents: 1_000_000, replayRuns: 5)
  }

  var plan: Plan
  /// Says what is being measured now (a progress line).
  var progress: (String) -> Void = { _ in }

  /// Measures `workload` on `systems` (all of the workload's systems when nil).
  func measure(_ workload: Bench.Workload, systems: Set<Bench.System>? = nil) async throws -> [BenchRow] {
    let wanted = Bench.systems(for: workload).filter { systems?.contains($0) ?? true }
    // A workload none of whose systems was asked for is not set up at all (W9 would record
    // its corpus for nothing).
    guard !wanted.isEmpty else { return [] }
    switch workload {
    case .w1, .w2, .w3, .w8:
      return measureSync(workload, wanted.compactMap { system in Bench.fixture(workload, system).map { (system, $0) } })
    case .w4:
      return try await measureRecorded(wanted)
    case .w5:
      return try await measureReplay(wanted)
    case .w6:
      return await measureAsync(workload, wanted.compactMap { system in Bench.asyncFixture(workload, system).map { (system, $0) } })
    case .w7:
      return try await measureBurstMemory(wanted)
    case .w9:
      return try await measureCorpusCheck(wanted)
    case .w10:
      return try await measureDevtools(wanted)
    case .w11:
      return try await measureIngest(wanted)
    case .w12:
      return try await measureSharedCheck(wanted)
    }
  }

  // MARK: Synchronous workloads

  /// - Parameters:
  ///   - runs: timed runs per system; ``Plan/runs`` when `nil`.
  ///   - sameCount: every system runs the smallest of the calibrated counts, capped at
  ///     `maxOperations` (W4, whose log grows with every operation).
  ///   - threadAllocationsOnly: count only the allocations of this thread (W4: the store's
  ///     thread, not the recorder's writer).
  func measureSync(
    _ workload: Bench.Workload,
    _ fixtures: [(Bench.System, any BenchFixture)],
    runs: Int? = nil,
    sameCount maxOperations: Int? = nil,
    threadAllocationsOnly: Bool = false
  ) -> [BenchRow] {
    let runs = runs ?? plan.runs
    var rows = fixtures.map { BenchRow(workload, $0.0) }
    var counts: [Int] = []
    for (system, fixture) in fixtures {
      progress("\(workload.rawValue) \(system.rawValue): calibrating")
      counts.append(plan.fixedOperations ?? calibrate { fixture.run($0) })
      fixture.settle()
    }
    if let maxOperations, let smallest = counts.min() {
      counts = counts.map { _ in min(smallest, maxOperations) }
    }
    var samples = Array(repeating: [Double](), count: fixtures.count)
    var operations = Array(repeating: 0, count: fixtures.count)
    let before = fixtures.map { $0.1.notifications }
    for run in 0..<runs {
      for (index, (system, fixture)) in fixtures.enumerated() {
        progress("\(workload.rawValue) \(system.rawValue): run \(run + 1) of \(runs)")
        let count = counts[index]
        samples[index].append(Self.nanoseconds(Self.time { fixture.run(count) }) / Double(count))
        operations[index] += count
        fixture.settle()
      }
    }
    for (index, (system, fixture)) in fixtures.enumerated() {
      progress("\(workload.rawValue) \(system.rawValue): counting allocations")
      let count = plan.allocationOperations
      let allocations = AllocationCounter.counting(threadOnly: threadAllocationsOnly) { fixture.run(count) }.allocations
      fixture.settle()
      operations[index] += count
      rows[index].nsPerOp = Self.median(samples[index])
      // OpenCombine allocates outside `swift_allocObject` too (package-benchmark's interposer
      // sees 16 mallocs per W2 action where the hook sees none): no figure rather than a low one.
      rows[index].mallocsPerOp = system == .opencombine ? nil : allocations.map { Double($0) / Double(count) }
      rows[index].notificationsPerOp = Double(fixture.notifications - before[index]) / Double(operations[index])
      rows[index].operations = operations[index]
    }
    return rows
  }

  /// The number of operations that takes about `plan.runTime` (``Calibration``).
  private func calibrate(_ body: (Int) -> Void) -> Int {
    Calibration(runTime: plan.runTime, time: { Self.time($0) }).count(body)
  }

  // MARK: Asynchronous workloads

  private func measureAsync(_ workload: Bench.Workload, _ fixtures: [(Bench.System, any AsyncBenchFixture)]) async -> [BenchRow] {
    var rows = fixtures.map { BenchRow(workload, $0.0) }
    var counts: [Int] = []
    for (system, fixture) in fixtures {
      progress("\(workload.rawValue) \(system.rawValue): calibrating")
      if let fixed = plan.fixedOperations {
        counts.append(fixed)
        continue
      }
      var count = 1
      while true {
        let elapsed = await Self.time { await fixture.run(count) }
        if elapsed >= plan.runTime / 8 || count >= 1 << 22 {
          let scaled = Double(count) * (Self.nanoseconds(plan.runTime) / max(Self.nanoseconds(elapsed), 1))
          counts.append(max(1, Int(scaled)))
          break
        }
        count *= 4
      }
    }
    var samples = Array(repeating: [Double](), count: fixtures.count)
    var operations = Array(repeating: 0, count: fixtures.count)
    let before = fixtures.map { $0.1.notifications }
    for run in 0..<plan.runs {
      for (index, (system, fixture)) in fixtures.enumerated() {
        progress("\(workload.rawValue) \(system.rawValue): run \(run + 1) of \(plan.runs)")
        let count = counts[index]
        samples[index].append(Self.nanoseconds(await Self.time { await fixture.run(count) }) / Double(count))
        operations[index] += count
      }
    }
    for (index, (_, fixture)) in fixtures.enumerated() {
      rows[index].nsPerOp = Self.median(samples[index])
      // The concurrency runtime allocates tasks with its own allocator, which the counter
      // does not see: no figure rather than a wrong one.
      rows[index].mallocsPerOp = nil
      rows[index].notificationsPerOp = Double(fixture.notifications - before[index]) / Double(operations[index])
      rows[index].operations = operations[index]
    }
    return rows
  }

  // MARK: Clock

  static func time(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
  }

  static func time(_ body: () async throws -> Void) async rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return clock.now - start
  }

  nonisolated static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  nonisolated static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
