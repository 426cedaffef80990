import CoreMetrics
import Foundation
public import Store

/// Counts actions per case (`refold_actions_total{feature, action}`) and times each reduce
/// (`refold_reduce_seconds{feature}`) through swift-metrics.
///
/// The reduce time is measured by ``TimedReducer``, which wraps the feature's reducer; this
/// plugin does the counting. Bootstrap any swift-metrics backend; `refold --metrics` uses
/// ``MetricsSummary`` and prints it at the end.
public final class MetricsPlugin<State, Action>: StorePlugin {
  private let feature: String
  private var counters: [String: Counter] = [:]

  public init(feature: String) {
    self.feature = feature
  }

  public func didCommit(_ commit: Commit<State, Action>) {
    let name = actionName(commit.action)
    let counter = counters[name] ?? {
      let made = Counter(label: "refold_actions_total", dimensions: [("feature", feature), ("action", name)])
      counters[name] = made
      return made
    }()
    counter.increment()
  }
}

/// Times every reduce of `base` into the `refold_reduce_seconds` timer.
public struct TimedReducer<Base: Reducer>: Reducer {
  let base: Base
  let timer: CoreMetrics.Timer

  public init(_ base: Base, feature: String) {
    self.base = base
    self.timer = CoreMetrics.Timer(label: "refold_reduce_seconds", dimensions: [("feature", feature)])
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { timer.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start)) }
    return base.reduce(into: &state, action: action)
  }
}
