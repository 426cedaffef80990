import Host
import BenchWorkloads
/// One line of `refold bench`'s result: a workload on one system.
///
/// As JSON: `{"workload": "W1", "system": "refold", "nsPerOp": 12.5, "mallocsPerOp": 0,
/// "notificationsPerOp": 1}`; W5's, W9's, W10's and W4 `refold-writer`'s rows add
/// `"eventsPerSecond"`, W11's and W12's
/// `"logsPerSecond"` (their `nsPerOp` is per log). A figure that was not measured
/// is `null`.
struct BenchRow: Encodable, Sendable {
  var workload: Bench.Workload
  var system: Bench.System
  /// Median wall time per operation: an action, a keystroke, a round trip, or (W5) an event.
  var nsPerOp: Double?
  /// Swift heap allocations per operation (see ``AllocationCounter``); nil where C code
  /// allocates too, so that the count would be a lower bound.
  var mallocsPerOp: Double?
  /// Binding (or listener) calls per operation.
  var notificationsPerOp: Double?
  /// W5, W9 and W10: events replayed (W10: indexed) per second, the median of the runs; W4
  /// `refold-writer`: actions the recorder's writer wrote per second.
  var eventsPerSecond: Double?
  /// W11 and W12: logs stored (W11) or checked (W12) per second, the median of the rounds.
  var logsPerSecond: Double?
  /// W7 only: the process's peak resident memory during the burst, in MiB.
  var peakMiB: Double?
  /// W10 only: how many events the opened log holds (not in the JSON).
  var logEvents: Int?
  /// How many operations the figures above come from (not in the JSON).
  var operations = 0
  /// What the table says under the rows about how this one was measured (not in the JSON).
  var notes: [String] = []

  init(_ workload: Bench.Workload, _ system: Bench.System) {
    self.workload = workload
    self.system = system
  }

  private enum CodingKeys: String, CodingKey {
    case workload, system, nsPerOp, mallocsPerOp, notificationsPerOp, eventsPerSecond, logsPerSecond, peakMiB
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(workload, forKey: .workload)
    try container.encode(system, forKey: .system)
    try container.encode(nsPerOp.map(Self.rounded), forKey: .nsPerOp)
    try container.encode(mallocsPerOp.map(Self.rounded), forKey: .mallocsPerOp)
    try container.encode(notificationsPerOp.map(Self.rounded), forKey: .notificationsPerOp)
    if workload == .w5 || workload == .w9 || workload == .w10 || system == .refoldWriter {
      try container.encode(eventsPerSecond.map { $0.rounded() }, forKey: .eventsPerSecond)
    }
    if workload.needsPostgres {
      try container.encode(logsPerSecond.map(Self.rounded), forKey: .logsPerSecond)
    }
    if workload == .w7 {
      try container.encode(peakMiB.map(Self.rounded), forKey: .peakMiB)
    }
  }

  /// Three significant decimals are plenty for a median of noisy runs.
  private static func rounded(_ value: Double) -> Double {
    (value * 1_000).rounded() / 1_000
  }
}
