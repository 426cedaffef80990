import BenchWorkloads
import BuiltinFeatures
import Foundation
import Host
import Reducers
import LogStorage

/// W9: `refold check` on a corpus of logs, on every core against one job.
extension BenchRunner {
  /// Records `plan.corpusLogs` AmountInput logs of 1,000 events each (W3's keystrokes), then
  /// checks the corpus with one job and with one per core, interleaved `plan.replayRuns` times
  /// so that noise on the machine hits both alike. The figure is events per second, the median.
  func measureCorpusCheck(_ systems: [Bench.System]) async throws -> [BenchRow] {
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    let eventsPerLog = 1_000
    progress("W9: recording \(plan.corpusLogs) logs of \(eventsPerLog) events")
    for index in 0..<plan.corpusLogs {
      _ = try await Bench.ReplayWorkload.record(
        events: eventsPerLog, to: directory.appendingPathComponent("log-\(index).log"))
    }
    let corpus = LogCorpus(paths: [directory.path])
    let features = FeatureRegistry([AmountInput.self])
    let jobs = systems.map { $0 == .refoldOneJob ? 1 : CorpusCheck.defaultJobs }
    var samples = Array(repeating: [Double](), count: systems.count)
    for run in 0..<plan.replayRuns {
      for (index, system) in systems.enumerated() {
        progress("W9 \(system.rawValue): check \(run + 1) of \(plan.replayRuns)")
        var outcomes: [LogCheckOutcome] = []
        let elapsed = await Self.time { outcomes = await CorpusCheck(jobs: jobs[index]).run(corpus, features: features) }
        precondition(
          outcomes.count == plan.corpusLogs && outcomes.allSatisfy { $0.status == .verified },
          "W9: not every log verified: \(outcomes.first { $0.status != .verified }?.message ?? "a log is missing")")
        samples[index].append(Self.nanoseconds(elapsed))
      }
    }
    let events = plan.corpusLogs * eventsPerLog
    return systems.enumerated().map { index, system in
      var row = BenchRow(.w9, system)
      if let median = Self.median(samples[index]) {
        row.nsPerOp = median / Double(events)
        row.eventsPerSecond = Double(events) / (median / 1e9)
      }
      row.operations = events * plan.replayRuns
      row.notes.append(
        "\(plan.corpusLogs) logs of \(eventsPerLog) events, every checkpoint verified, \(jobs[index]) job\(jobs[index] == 1 ? "" : "s"), checked \(plan.replayRuns)×")
      return row
    }
  }
}
