import EventLog
import Host
import BenchWorkloads
import Foundation

/// W4 and W5: the workloads that need a log file, in a scratch folder removed afterwards.
extension BenchRunner {
  /// W4: the recorded counter and, interleaved in the same run (each unrecorded run just before
  /// its recorded one), the unrecorded one; the same for a state of strings
  /// (`refold-strings`), where a copy of the state would cost most.
  ///
  /// Both run the same number of actions per timed run (capped, so that the log stays some
  /// megabytes), and the recorder's writer catches up between runs, untimed: a run measures
  /// what a burst of actions costs the store's thread. The writer's own rate is a note.
  func measureRecorded(_ systems: [Bench.System]) async throws -> [BenchRow] {
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    var fixtures: [(Bench.System, any BenchFixture)] = []
    var recorded: Bench.RecordedCounter?
    var recordedStrings: Bench.RecordedProfile?
    for system in systems {
      switch system {
      case .refold:
        let fixture = try Bench.RecordedCounter(file: directory.appendingPathComponent("w4.log"))
        recorded = fixture
        fixtures.append((system, fixture))
      case .refoldStrings:
        let fixture = try Bench.RecordedProfile(file: directory.appendingPathComponent("w4-strings.log"))
        recordedStrings = fixture
        fixtures.append((system, fixture))
      case .refoldUnrecorded, .refoldStringsUnrecorded:
        if let fixture = Bench.fixture(.w4, system) { fixtures.append((system, fixture)) }
      default:
        continue
      }
    }
    // Each recorded fixture runs right after its unrecorded reference, and its settle (the
    // writer catching up: up to 100 ms with fsync batched) comes after both. With the settle
    // between them, a stretch in which the host slowed the whole process could take in a
    // system's recorded runs and miss its unrecorded ones: twice in 147 full quick runs the
    // state of strings measured over 2× so (25 ns recorded against 8.6 unrecorded, while the
    // counter's unrecorded runs were slowed to 16.5).
    let timingOrder: [Bench.System] = [.refoldUnrecorded, .refold, .refoldStringsUnrecorded, .refoldStrings]
    fixtures.sort { (timingOrder.firstIndex(of: $0.0) ?? 0) < (timingOrder.firstIndex(of: $1.0) ?? 0) }
    var rows = measureSync(
      .w4, fixtures, runs: plan.recordedRuns, sameCount: plan.recordedOperations, threadAllocationsOnly: true)
    rows.sort { (systems.firstIndex(of: $0.system) ?? 0) < (systems.firstIndex(of: $1.system) ?? 0) }
    // A recorder that stopped (a full disk) records no more: its figures would be an
    // unrecorded store's. One line, and the scratch folder goes with the `defer` above.
    if let failure = recorded?.recorder.failure ?? recordedStrings?.recorder.failure {
      throw HostError(.failure, "W4 cannot be measured: \(failure)")
    }
    for index in rows.indices where rows[index].system == .refold || rows[index].system == .refoldStrings {
      rows[index].notes.append("mallocs/op counts the store's thread only")
    }
    if systems.contains(.refoldWriter) {
      let writer = try recorded ?? Bench.RecordedCounter(file: directory.appendingPathComponent("w4-writer.log"))
      rows.append(try measureWriter(writer))
      if recorded == nil { fixtures.append((.refoldWriter, writer)) }
    }
    for (system, fixture) in fixtures {
      progress("W4 \(system.rawValue): closing")
      try await fixture.finish()
    }
    return rows
  }

  /// W4's `refold-writer`: the recorder's writer thread, sustained. The store sends
  /// `plan.sustainedActions` actions at once (waiting whenever more than the recorder's byte
  /// budget waits for the writer), then waits until the last is fsynced: the writer's rate.
  private func measureWriter(_ writer: Bench.RecordedCounter) throws -> BenchRow {
    let count = plan.fixedOperations ?? plan.sustainedActions
    progress("W4 refold-writer: \(BenchFormat.number(Double(count))) actions through the writer")
    writer.settle()
    let before = writer.notifications
    let elapsed = Self.time {
      writer.run(count)
      writer.settle()
    }
    if let failure = writer.recorder.failure { throw HostError(.failure, "W4 cannot be measured: \(failure)") }
    var row = BenchRow(.w4, .refoldWriter)
    row.nsPerOp = Self.nanoseconds(elapsed) / Double(count)
    row.eventsPerSecond = Double(count) / (Self.nanoseconds(elapsed) / 1e9)
    row.notificationsPerOp = Double(writer.notifications - before) / Double(count)
    row.operations = count
    row.notes.append(
      "the recorder's writer thread: \(BenchFormat.number(Double(count))) actions sent at once, encoded, written and fsynced (batched) in \(BenchFormat.number(Self.nanoseconds(elapsed) / 1e6)) ms; W4's actions repeat, so each is written from the JSON kept for it"
    )
    return row
  }

  /// W5: records a log of `plan.replayEvents` AmountInput keystrokes through a store and a
  /// recorder, then replays it, verified, `plan.replayRuns` times. `refold` types W3's
  /// keystrokes, which repeat; `refold-distinct` types a different text every time, so that
  /// replay cannot reuse a decoded action; `refold-distinct-codable` replays that log decoding
  /// every action through `Decodable`, so that the JSON backend parses each one.
  func measureReplay(_ systems: [Bench.System]) async throws -> [BenchRow] {
    var rows: [BenchRow] = []
    for system in systems where [.refold, .refoldDistinct, .refoldDistinctCodable].contains(system) {
      rows.append(try await measureReplay(system))
    }
    return rows
  }

  private func measureReplay(_ system: Bench.System) async throws -> BenchRow {
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    let distinct = system != .refold
    let codable = system == .refoldDistinctCodable
    let events = plan.replayEvents
    progress("W5 \(system.rawValue): recording a \(BenchFormat.number(Double(events)))-event log")
    let clock = ContinuousClock()
    let start = clock.now
    let workload = try await Bench.ReplayWorkload.record(
      events: events, to: directory.appendingPathComponent("w5.log"), distinct: distinct)
    let recording = clock.now - start
    var samples: [Double] = []
    let cpuBefore = Self.processCPUSeconds()
    for run in 0..<plan.replayRuns {
      progress("W5 \(system.rawValue): replay \(run + 1) of \(plan.replayRuns)")
      samples.append(Self.nanoseconds(try Self.time { _ = try workload.replay(codable: codable) }))
    }
    // CPU time of every thread of the process: what the replay costs whatever else the
    // machine runs, and so what two idle cores could do at most.
    let cpuPerEvent = (Self.processCPUSeconds() - cpuBefore) / Double(events * plan.replayRuns)
    var row = BenchRow(.w5, system)
    if let median = Self.median(samples) {
      row.nsPerOp = median / Double(events)
      row.eventsPerSecond = Double(events) / (median / 1e9)
    }
    row.operations = events * plan.replayRuns
    let size = (try? FileManager.default.attributesOfItem(atPath: workload.file.path)[.size] as? Int) ?? 0
    let actions =
      codable
      ? "every action distinct, each parsed by \(JSONBackend.preferred == .jsonC ? "json-c" : "the Swift parser") and decoded through Decodable"
      : distinct ? "every action distinct" : "W3's keystrokes cycled, so actions repeat"
    var note = "a \(BenchFormat.number(Double(events)))-event log (\(actions); \(BenchFormat.number(Double(size) / 1e6)) MB, recorded in \(BenchFormat.number(Self.nanoseconds(recording) / 1e6)) ms), replayed \(plan.replayRuns)×, verified"
    if events != 1_000_000 {
      note += "; events/s from this shorter log stands in for the 1,000,000-event target"
    }
    row.notes.append(note)
    row.notes.append(
      "\(BenchFormat.number(cpuPerEvent * 1e9)) ns of CPU per event over all threads (parse and decode on \(min(ProcessInfo.processInfo.activeProcessorCount, 4)) workers, fold here): at most \(BenchFormat.number(2 / cpuPerEvent)) events/s on 2 idle cores"
    )
    return row
  }

  /// User and system time of the whole process so far, in seconds.
  private static func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// A new folder for a workload's logs under the temporary directory, which must exist: the
  /// bench never creates folders it was not asked to. It is removed when the workload ends, and
  /// when a signal ends the bench (``ScratchFolders``).
  static func scratchDirectory() throws -> URL {
    let temporary = FileManager.default.temporaryDirectory
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: temporary.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw HostError(.failure, "the temporary directory \(temporary.path) does not exist (set TMPDIR to a folder that does)")
    }
    let directory = temporary.appendingPathComponent(
      "refold-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    } catch {
      throw HostError(.failure, "cannot create a scratch folder in \(temporary.path): \(error.localizedDescription)")
    }
    ScratchFolders.shared.add(directory)
    return directory
  }
}
