public import CoreMetrics
import Foundation

/// A small in-process swift-metrics backend that keeps counters and timers, so that
/// `refold run --metrics` can print what it measured.
public final class MetricsSummary: MetricsFactory, @unchecked Sendable {
  // Guarded by `lock`: metric handlers are called from any thread.
  private let lock = NSLock()
  private var counters: [String: Int64] = [:]
  private var timers: [String: (count: Int, total: Int64, max: Int64)] = [:]

  public init() {}

  /// Counter totals and timer summaries, one line each, sorted.
  public var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    let counterLines = counters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    let timerLines = timers.sorted { $0.key < $1.key }.map { key, value in
      let mean = value.count == 0 ? 0 : Double(value.total) / Double(value.count)
      return "\(key) count=\(value.count) mean=\(Int(mean))ns max=\(value.max)ns"
    }
    return counterLines + timerLines
  }

  fileprivate func add(_ key: String, _ amount: Int64) {
    lock.lock()
    counters[key, default: 0] += amount
    lock.unlock()
  }

  fileprivate func record(_ key: String, _ nanoseconds: Int64) {
    lock.lock()
    var entry = timers[key] ?? (0, 0, 0)
    entry.count += 1
    entry.total += nanoseconds
    entry.max = max(entry.max, nanoseconds)
    timers[key] = entry
    lock.unlock()
  }

  private static func key(_ label: String, _ dimensions: [(String, String)]) -> String {
    guard !dimensions.isEmpty else { return label }
    return label + "{" + dimensions.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + "}"
  }

  public func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
    SummaryCounter(summary: self, key: Self.key(label, dimensions))
  }

  public func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
    SummaryRecorder(summary: self, key: Self.key(label, dimensions))
  }

  public func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
    SummaryTimer(summary: self, key: Self.key(label, dimensions))
  }

  public func destroyCounter(_ handler: any CounterHandler) {}
  public func destroyRecorder(_ handler: any RecorderHandler) {}
  public func destroyTimer(_ handler: any TimerHandler) {}
}

private final class SummaryCounter: CounterHandler, Sendable {
  init(summary: MetricsSummary, key: String) {
    self.summary = summary
    self.key = key
  }
  let summary: MetricsSummary
  let key: String
  func increment(by amount: Int64) { summary.add(key, amount) }
  func reset() {}
}

private final class SummaryRecorder: RecorderHandler, Sendable {
  init(summary: MetricsSummary, key: String) {
    self.summary = summary
    self.key = key
  }
  let summary: MetricsSummary
  let key: String
  func record(_ value: Int64) { summary.record(key, value) }
  func record(_ value: Double) { summary.record(key, Int64(value)) }
}

private final class SummaryTimer: TimerHandler, Sendable {
  init(summary: MetricsSummary, key: String) {
    self.summary = summary
    self.key = key
  }
  let summary: MetricsSummary
  let key: String
  func recordNanoseconds(_ duration: Int64) { summary.record(key, duration) }
}
