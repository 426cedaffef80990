import Dispatch
import Foundation
import Store

/// `bench --log FILE`: what the user's own feature costs, measured on a log it recorded.
///
/// - **The fold.** The log's actions, decoded once, go through the feature's reducer in a tight
///   loop in memory (no disk, no effects: the effects the reducer returns are dropped), with
///   each event's recorded draws handed back as replay does. Each action is timed on its own
///   and its Swift heap allocations counted, and the figures are given by action case. The
///   floor is the same loop with a reducer that does nothing: the timing, the draws and the
///   fold's own bookkeeping.
/// - **The bindings**, when the feature registers some (``RefoldFeature/bindings(of:)``): a
///   store that takes the log's states one after another, with them and without them.
/// - **The replay** of the file as `replay` does it, verification on, on one thread; its
///   floor is reading the same records (read, frame, parse, check) without decoding or
///   folding anything.
///
/// Each figure is the fastest of several passes measured in the same run, floors included,
/// so that ratios between them hold on a shared, noisy machine.
@MainActor
struct LogBench<F: RefoldFeature> {
  let session: LoggedSession<F>
  let plan: LogBenchPlan
  var progress: (String) -> Void = { _ in }

  init(session: LoggedSession<F>, plan: LogBenchPlan) {
    self.session = session
    self.plan = plan
  }

  func measure() throws -> LogBenchReport {
    guard !session.events.isEmpty else {
      throw HostError.badInput("\(Terminal.quoted(session.path)): the log has no events to measure")
    }
    let cases = session.caseNames.count
    var counts = [Int](repeating: 0, count: cases)
    for event in session.events { counts[event.caseIndex] += 1 }

    // The fold: feature and floor passes in turn, so that both see the same machine.
    var best = [UInt64](repeating: .max, count: cases)
    var floorBest = UInt64.max
    let reducer = F(environment: .replay)
    let nothing = Reduce<F.State, F.Action> { _, _ in .none }
    let passes = try repeatPasses(for: plan.budget * 2) { pass in
      progress("bench: folding \(session.events.count) events, pass \(pass)")
      var times = [UInt64](repeating: 0, count: cases)
      try foldPass(reducer, replaysDraws: true) { index, nanoseconds, _ in times[index] &+= nanoseconds }
      for index in 0..<cases { best[index] = min(best[index], times[index]) }
      var floor: UInt64 = 0
      try foldPass(nothing, replaysDraws: false) { _, nanoseconds, _ in floor &+= nanoseconds }
      floorBest = min(floorBest, floor)
    }

    // Allocations: one pass each, apart from the timed ones (counting slows the runtime).
    progress("bench: counting allocations")
    var allocations = [Int](repeating: 0, count: cases)
    let counted = try AllocationCounter.counting(threadOnly: true) {
      try foldPass(reducer, replaysDraws: true) { index, _, allocated in allocations[index] += allocated }
    }.allocations
    var floorAllocations = 0
    _ = try AllocationCounter.counting(threadOnly: true) {
      try foldPass(nothing, replaysDraws: false) { _, _, allocated in floorAllocations += allocated }
    }

    // Every case has at least one event: the names come from the events.
    let events = session.events.count
    let floor = Double(floorBest) / Double(events)
    let rows = (0..<cases).map { index in
      let perAction = Double(best[index]) / Double(counts[index])
      return LogBenchReport.ActionCase(
        name: session.caseNames[index], events: counts[index], nsPerAction: perAction,
        nsOverFloor: max(perAction - floor, 0),
        allocationsPerAction: counted == nil ? nil : Double(allocations[index]) / Double(counts[index]))
    }
    return LogBenchReport(
      feature: F.featureName, file: session.path, events: session.events.count, passes: passes,
      floorNsPerAction: floor,
      floorAllocationsPerAction: counted == nil ? nil : Double(floorAllocations) / Double(events),
      cases: rows.sorted { $0.nsPerAction > $1.nsPerAction },
      bindings: try bindingCost(),
      replay: try replayCost())
  }

  // MARK: The fold

  /// Folds every event once from the header's state; `measured` gets each event's case, its
  /// time, and the allocations counted while it was folded (0 when not counting).
  private func foldPass<R: Reducer>(
    _ reducer: R, replaysDraws: Bool, _ measured: (_ caseIndex: Int, _ nanoseconds: UInt64, _ allocations: Int) -> Void
  ) throws where R.State == F.State, R.Action == F.Action {
    let fold = try session.startFold(with: reducer)
    // The reducer finds the recorded draws on this thread, as in a replay.
    DrawTape.installOnThisThread(fold.tape)
    defer { DrawTape.installOnThisThread(nil) }
    for event in session.events {
      let allocatedBefore = AllocationCounter.countSoFar
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try fold.event(seq: event.seq, line: event.line, draws: replaysDraws ? event.draws : []) { event.action }
      let elapsed = DispatchTime.now().uptimeNanoseconds &- start
      measured(event.caseIndex, elapsed, AllocationCounter.countSoFar - allocatedBefore)
    }
  }

  // MARK: The bindings

  /// The store's commits with the feature's bindings against the same without them; nil when
  /// the feature registers none.
  private func bindingCost() throws -> LogBenchReport.Bindings? {
    let initial = try session.startFold(with: Reduce<F.State, F.Action> { _, _ in .none }).state
    // The states are folded only for a feature that binds something: the stores are made
    // first, and take them once they are.
    let states = StateSequence<F.State>()
    let replace = Reduce<F.State, F.Action> { state, _ in
      state = states.next()
      return .none
    }
    let bare = Store(initialState: initial, reducer: replace)
    let bound = Store(initialState: initial, reducer: replace)
    let bindings = F.bindings(of: bound)
    defer { bindings.forEach { $0.cancel() } }
    guard !bindings.isEmpty else { return nil }

    progress("bench: the states for the bindings")
    let events = Array(session.events.prefix(plan.bindingEvents))
    states.load(try statesAfter(events))

    var bareBest = UInt64.max
    var boundBest = UInt64.max
    try repeatPasses(for: plan.budget) { pass in
      progress("bench: the bindings, pass \(pass)")
      states.rewind()
      bareBest = min(bareBest, Self.timeCommits(of: bare, events))
      states.rewind()
      boundBest = min(boundBest, Self.timeCommits(of: bound, events))
    }
    let commits = Double(events.count)
    return LogBenchReport.Bindings(
      count: bindings.count, commits: events.count, nsPerCommit: Double(boundBest) / commits,
      storeNsPerCommit: Double(bareBest) / commits)
  }

  /// How long `store` took to commit `events`, in nanoseconds.
  private static func timeCommits(of store: Store<F.State, F.Action>, _ events: [LoggedSession<F>.Event]) -> UInt64 {
    let began = DispatchTime.now().uptimeNanoseconds
    for event in events { _ = store.send(event.action) }
    return DispatchTime.now().uptimeNanoseconds &- began
  }

  /// The state after each of `events`, folded with the feature's reducer and the draws.
  private func statesAfter(_ events: [LoggedSession<F>.Event]) throws -> [F.State] {
    let fold = try session.startFold(with: F(environment: .replay))
    DrawTape.installOnThisThread(fold.tape)
    defer { DrawTape.installOnThisThread(nil) }
    var states: [F.State] = []
    states.reserveCapacity(events.count)
    for event in events {
      _ = try fold.event(seq: event.seq, line: event.line, draws: event.draws) { event.action }
      states.append(fold.state)
    }
    return states
  }

  // MARK: The replay

  private func replayCost() throws -> LogBenchReport.Replay {
    let file = URL(fileURLWithPath: session.path)
    var replayBest = UInt64.max
    var readingBest = UInt64.max
    var verified = 0
    try repeatPasses(for: plan.budget) { pass in
      progress("bench: replaying the file, pass \(pass)")
      var replayer = Replayer(reducer: F(environment: .replay), migrations: F.migrations)
      replayer.reading = .sequential
      var began = DispatchTime.now().uptimeNanoseconds
      let result = try replayer.replay(file: file, verify: true, feature: F.featureName, schema: F.schemaVersion)
      replayBest = min(replayBest, DispatchTime.now().uptimeNanoseconds &- began)
      verified = result.verifiedCheckpoints

      began = DispatchTime.now().uptimeNanoseconds
      let reader = try LogReader(file: file)
      while try reader.next() != nil {}
      readingBest = min(readingBest, DispatchTime.now().uptimeNanoseconds &- began)
    }
    let events = Double(session.events.count)
    return LogBenchReport.Replay(
      events: session.events.count, checkpoints: session.checkpoints, verifiedCheckpoints: verified,
      eventsPerSecond: events / (Double(max(replayBest, 1)) / 1e9),
      readingEventsPerSecond: events / (Double(max(readingBest, 1)) / 1e9))
  }

  /// Runs `pass` (numbered from 1) at least once and again until `budget` has passed; returns
  /// how many ran.
  @discardableResult
  private func repeatPasses(for budget: Duration, _ pass: (Int) throws -> Void) rethrows -> Int {
    let clock = ContinuousClock()
    let start = clock.now
    var passes = 0
    repeat {
      passes += 1
      try pass(passes)
    } while start.duration(to: clock.now) < budget
    return passes
  }
}

/// How long `bench --log` measures.
struct LogBenchPlan {
  /// How long each kind of pass is repeated for (at least once).
  var budget: Duration
  /// The most events whose states the bindings pass keeps in memory.
  var bindingEvents: Int

  static let quick = LogBenchPlan(budget: .milliseconds(200), bindingEvents: 20_000)
  static let full = LogBenchPlan(budget: .seconds(1), bindingEvents: 100_000)
}

/// The states a log went through, handed out one per commit to a store whose reducer only
/// takes the next one.
private final class StateSequence<State> {
  private var states: [State] = []
  private var index = 0

  func load(_ states: [State]) {
    self.states = states
    index = 0
  }

  func next() -> State {
    defer { index += 1 }
    return states[index % states.count]
  }

  func rewind() { index = 0 }
}
