import Foundation
import Host
import BenchWorkloads
/// `refold bench`'s text report: the rows with their ratios, the targets, the references.
struct BenchTable {
  var results: BenchResults
  var plan: BenchRunner.Plan
  var quick: Bool
  /// The workloads a run of all of them left out (W11 and W12, without `--store`).
  var leftOut: [Bench.Workload] = []

  func lines() -> [String] {
    var lines: [String] = []
    let mode = quick ? "quick" : "full"
    let milliseconds = Int(BenchRunner.nanoseconds(plan.runTime) / 1e6)
    lines.append(
      "refold bench (\(mode)): medians of \(plan.runs) interleaved runs of ~\(milliseconds) ms per system (W4: \(plan.recordedRuns) bursts of \(BenchFormat.number(Double(plan.recordedOperations))) actions), in one process")
    #if DEBUG
    lines.append("warning: a debug build; measure with `swift run -c release refold bench`")
    #endif
    lines.append("")
    let header = ["workload", "system", "ns/op", "× naive", "× floor", "mallocs/op", "notif/op", "reference ns/op"]
    var table = [header]
    for row in results.rows {
      let naive = results[row.workload, .naive]?.nsPerOp
      let floor = results[row.workload, .floor]?.nsPerOp
      var ns = row.nsPerOp.map(BenchFormat.number) ?? "—"
      if let rate = row.eventsPerSecond { ns += " (\(BenchFormat.number(rate)) events/s)" }
      if let rate = row.logsPerSecond { ns += " (\(BenchFormat.number(rate)) logs/s)" }
      if let peak = row.peakMiB { ns = "peak \(BenchFormat.number(peak)) MiB" }
      table.append([
        row.workload.rawValue,
        row.system.rawValue,
        ns,
        ratio(row.nsPerOp, naive),
        ratio(row.nsPerOp, floor),
        row.mallocsPerOp.map(BenchFormat.number) ?? "—",
        row.notificationsPerOp.map(BenchFormat.number) ?? "—",
        BenchReference.figures[row.workload]?[row.system].map(BenchFormat.number) ?? "",
      ])
    }
    lines += Self.align(table, rightAligned: 2...)
    lines.append("")
    lines.append("targets")
    for target in BenchTarget.all {
      let (verdict, detail) = target.judge(results)
      let mark = switch verdict {
      case .pass: "pass"
      case .fail: "FAIL"
      case .notMeasured: "----"
      case .reported: "info"
      }
      lines.append("  \(mark)  \(target.name.padding(toLength: 42, withPad: " ", startingAt: 0)) \(detail)")
    }
    lines.append("")
    for row in results.rows {
      for note in row.notes { lines.append("\(row.workload.rawValue) \(row.system.rawValue): \(note)") }
    }
    lines.append("mallocs/op: Swift heap allocations (swift_allocObject), counted in-process through the runtime's hook;")
    lines.append("  — where other code allocates too (OpenCombine, json-c, the task allocator). The Benchmarks package counts every malloc.")
    lines.append("reference figures for other libraries: \(BenchReference.elsewhere) (ns/op).")
    if !leftOut.isEmpty {
      lines.append(
        "\(leftOut.map(\.rawValue).joined(separator: " and ")) (the shared log store) not run: they need a PostgreSQL server, --store postgres://….")
    }
    return lines
  }

  private func ratio(_ value: Double?, _ base: Double?) -> String {
    guard let value, let base, base > 0 else { return "" }
    return BenchFormat.number(value / base)
  }

  /// Pads every column to its widest cell.
  static func align(_ rows: [[String]], rightAligned: PartialRangeFrom<Int>) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.indices.map { column in
        let cell = row[column]
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? pad + cell : cell + pad
      }
      .joined(separator: "  ")
      .trimmingTrailingSpaces()
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
