import Foundation

/// What `bench --log` measured: printed as a table, or as JSON with `--json`.
struct LogBenchReport: Encodable, Equatable {
  struct ActionCase: Encodable, Equatable {
    /// The case, as `inspect` and the metrics name it: `textChanged`, `signIn.signInTapped`.
    var name: String
    var events: Int
    var nsPerAction: Double
    /// What the reducer itself took: the time above the floor's.
    var nsOverFloor: Double
    /// Swift heap allocations per action; nil where the runtime cannot count them.
    var allocationsPerAction: Double?
  }

  struct Bindings: Encodable, Equatable {
    /// How many the feature registered.
    var count: Int
    /// How many of the log's states were committed in each pass.
    var commits: Int
    var nsPerCommit: Double
    /// The same store's commit with no binding: its floor.
    var storeNsPerCommit: Double
  }

  struct Replay: Encodable, Equatable {
    var events: Int
    var checkpoints: Int
    var verifiedCheckpoints: Int
    /// Read, decode, fold and verify, on one thread.
    var eventsPerSecond: Double
    /// Reading the records alone (read, frame, parse, check): the replay's floor.
    var readingEventsPerSecond: Double
  }

  var feature: String
  var file: String
  var events: Int
  /// How many times the log was folded, by the feature's reducer and by the floor's each.
  var passes: Int
  var floorNsPerAction: Double
  var floorAllocationsPerAction: Double?
  /// The slowest case first.
  var cases: [ActionCase]
  /// Nil when the feature registers no bindings.
  var bindings: Bindings?
  var replay: Replay

  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The table: the fold by case (slowest first) against its floor, then the bindings and the
  /// replay, each against theirs.
  func lines() -> [String] {
    var lines = [
      "\(feature): \(events.grouped) events in \(cases.count) action case\(cases.count == 1 ? "" : "s"), folded \(passes) time\(passes == 1 ? "" : "s") in memory (no disk, no effects; the fastest pass counts)",
      "",
    ]
    let width = max(cases.map(\.name.count).max() ?? 0, "floor (a reducer that does nothing)".count)
    let header = ["action case".padded(width), "events".left(9), "ns/action".left(11), "over floor".left(11), "allocs/action".left(14)]
    lines.append(header.joined(separator: " "))
    for row in cases {
      lines.append(
        [
          row.name.padded(width), row.events.grouped.left(9), row.nsPerAction.fixed(1).left(11),
          row.nsOverFloor.fixed(1).left(11), (row.allocationsPerAction?.fixed(1) ?? "–").left(14),
        ].joined(separator: " "))
    }
    lines.append(
      [
        "floor (a reducer that does nothing)".padded(width), "".left(9), floorNsPerAction.fixed(1).left(11), "".left(11),
        (floorAllocationsPerAction?.fixed(1) ?? "–").left(14),
      ].joined(separator: " "))
    lines.append("")
    if let bindings {
      let over = max(bindings.nsPerCommit - bindings.storeNsPerCommit, 0)
      lines.append(
        "bindings: \(bindings.count), \(over.fixed(1)) ns per commit over the store's own \(bindings.storeNsPerCommit.fixed(1)) ns (\(bindings.commits.grouped) of the log's states committed in turn)"
      )
    } else {
      lines.append("bindings: none registered (a feature registers its screen's with `static func bindings(of:)`)")
    }
    let ratio = replay.readingEventsPerSecond / max(replay.eventsPerSecond, 1)
    lines.append(
      "replay of the file on one thread, \(replay.verifiedCheckpoints) of \(replay.checkpoints) checkpoint\(replay.checkpoints == 1 ? "" : "s") verified: \(Self.rate(replay.eventsPerSecond)); reading its records alone \(Self.rate(replay.readingEventsPerSecond)), \(ratio.fixed(1))× faster"
    )
    lines.append("allocs: Swift heap objects (swift_allocObject) per action; memory that C code mallocs is not counted.")
    return lines
  }

  /// "0.41 M events/s (2.44 µs per event)".
  private static func rate(_ eventsPerSecond: Double) -> String {
    let perEvent = 1e6 / max(eventsPerSecond, 1)
    let millions = eventsPerSecond / 1e6
    return "\(millions >= 0.1 ? millions.fixed(2) + " M" : (eventsPerSecond / 1e3).fixed(1) + " k") events/s (\(perEvent.fixed(2)) µs per event)"
  }
}

extension Double {
  fileprivate func fixed(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}

extension Int {
  /// 1,204,000
  fileprivate var grouped: String {
    let digits = String(self.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return self < 0 ? "-" + out : out
  }
}

extension String {
  fileprivate func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(width - count, 0)) }
  fileprivate func left(_ width: Int) -> String { String(repeating: " ", count: max(width - count, 0)) + self }
}
