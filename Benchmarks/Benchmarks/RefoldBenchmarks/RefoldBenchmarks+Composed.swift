import Benchmark
import Reducers
import Store

/// What composing features costs per action: the sample app's `AppFeature` (six one-line
/// `Scope`s and two `ifLet`s in its `body`, built again for every action) against the same
/// `AmountInput` actions folded by `AmountInput` alone, in the same run.
///
/// - App.amountInput: `AmountInput().reduce` on `textChanged`, the baseline.
/// - App.composed: `AppFeature().reduce` on `.amountInput(textChanged)`: every scope's
///   case-constructor path turns the action away or takes it (`EnumTag`, `EnumPayload`).
///
/// The malloc counts are gated: a path that fell back to `Mirror` for every action, or a
/// builder that copied its reducers, would show as allocations per action.
func registerComposedBenchmarks() {
  Benchmark("App.amountInput", configuration: composedConfiguration()) { benchmark in
    fold(benchmark, AmountInput(), from: AmountInput.State()) { .textChanged($0) }
  }
  Benchmark("App.composed", configuration: composedConfiguration()) { benchmark in
    fold(benchmark, AppFeature(), from: AppFeature.State()) { .amountInput(.textChanged($0)) }
  }
}

/// Folds one `textChanged` per scaled iteration through `reducer`, directly (no store), the
/// texts taken in turn from `composedTexts`; the effects are dropped.
func fold<R: Reducer>(
  _ benchmark: Benchmark, _ reducer: R, from initialState: R.State, _ action: (String?) -> R.Action
) {
  var state = initialState
  let count = benchmark.scaledIterations.count
  benchmark.startMeasurement()
  for index in 0..<count {
    blackHole(reducer.reduce(into: &state, action: action(composedTexts[index % composedTexts.count])))
  }
  benchmark.stopMeasurement()
  blackHole(state)
}

/// Typed amounts, as a user types and erases them: each changes the state.
let composedTexts: [String?] = ["1", "12", "123", "1234", "12", nil]

/// A thousand actions per sample, with W1's slack of two mallocs per sample.
func composedConfiguration() -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .instructions, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: isCI ? 1 : 3,
    scalingFactor: .kilo,
    maxDuration: isCI ? .milliseconds(300) : .seconds(1),
    maxIterations: isCI ? 20 : 100,
    thresholds: [
      .mallocCountTotal: .init(absolute: [.p90: 2]),
      .instructions: .init(relative: [.p90: 3]),
    ]
  )
}
