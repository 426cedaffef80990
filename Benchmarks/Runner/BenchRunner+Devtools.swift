import BenchWorkloads
import BuiltinFeatures
import Foundation
import Host
import Reducers

/// W10: `refold devtools`' first screen of W5's log, against reading the log's file once.
extension BenchRunner {
  /// Records `plan.replayEvents` AmountInput keystrokes, then opens the log as the inspector's
  /// page does (a new index each time: the summary, the timeline's first 200 events and the
  /// state at the last seq) and reads the file to its end, interleaved `plan.replayRuns`
  /// times. The figure is ns per event of the log, the median.
  func measureDevtools(_ systems: [Bench.System]) async throws -> [BenchRow] {
    let directory = try Self.scratchDirectory()
    defer { ScratchFolders.shared.remove(directory) }
    let file = directory.appendingPathComponent("w10.log")
    progress("W10: recording \(plan.replayEvents) events")
    let events = try await Bench.ReplayWorkload.record(events: plan.replayEvents, to: file).events
    let features = FeatureRegistry([AmountInput.self])
    var samples = Array(repeating: [Double](), count: systems.count)
    for run in 0..<plan.replayRuns {
      for (index, system) in systems.enumerated() {
        progress("W10 \(system.rawValue): run \(run + 1) of \(plan.replayRuns)")
        let elapsed = try Self.time {
          switch system {
          case .floor: try Self.readToEnd(file)
          default: try Self.firstScreen(of: file, features: features, events: events)
          }
        }
        samples[index].append(Self.nanoseconds(elapsed))
      }
    }
    return systems.enumerated().map { index, system in
      var row = BenchRow(.w10, system)
      if let median = Self.median(samples[index]) {
        row.nsPerOp = median / Double(events)
        row.eventsPerSecond = Double(events) / (median / 1e9)
      }
      row.operations = events * plan.replayRuns
      row.logEvents = events
      row.notes.append(
        system == .floor
          ? "the log of \(BenchFormat.number(Double(events))) events read to its end in 4 MiB blocks, \(plan.replayRuns)×"
          : "the log of \(BenchFormat.number(Double(events))) events opened: indexed, summarised, its first 200 events and its last state, \(plan.replayRuns)×")
      return row
    }
  }

  private static func firstScreen(of file: URL, features: FeatureRegistry, events: Int) throws {
    let library = try DevtoolsLibrary(path: file.path, follow: false, features: features)
    let log = try library.log(named: file.lastPathComponent)
    _ = log.summary(check: nil)
    _ = try log.events(filter: EventFilter(), offset: 0, limit: 200, after: nil)
    _ = try log.state(at: log.lastSeq)
    precondition(log.lastSeq == UInt64(events), "W10: the log holds \(log.lastSeq) events, not \(events)")
  }

  private static func readToEnd(_ file: URL) throws {
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    while let block = try handle.read(upToCount: 4 << 20), !block.isEmpty {}
  }
}
