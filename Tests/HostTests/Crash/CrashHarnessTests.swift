import Foundation
import InternalTestSupport
import Reducers
import Store
import Testing

/// Kills a recording process with SIGKILL at random moments and checks the log it leaves: it
/// replays and verifies, holds every seq that was acknowledged durable, is exactly the first
/// commits the store made (no gap, nothing else), loses at most the documented window, holds no
/// secret, and can be continued.
///
/// 20 trials per fsync policy; `REFOLD_CRASH_TRIALS=100` (`make crash-trials`) runs more.
/// `REFOLD_CRASH_SEED` replays a run whose seed a failure printed. The moment of each kill is
/// chosen by counting acknowledgements, not by a clock. A failing trial's artefacts stay in
/// the temporary folder its issue names; a passing one's are removed.
@Suite(.serialized)
struct CrashHarnessTests {
  @Test(arguments: [FsyncPolicy.always, .batched, .never])
  func aKilledRecorderLosesNothingItAcknowledged(policy: FsyncPolicy) async throws {
    let trials = try CrashSettings.trials()
    let seed = try CrashSettings.seed()
    var rng = SplitMix64(seed: seed &+ UInt64(FsyncPolicy.allCases.firstIndex(of: policy)!))
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("refold-crash-\(policy)-\(seed)")
    var summary = CrashSummary(policy: policy, seed: seed)
    for index in 0..<trials {
      let trial = CrashTrial(
        policy: policy, seed: rng.next(), kill: CrashSettings.killPoint(policy, using: &rng),
        folder: root.appendingPathComponent("trial-\(index + 1)"))
      var outcome = try await offThePool { try trial.run() }
      if let (log, state, lastSeq) = outcome.toContinue {
        outcome.problems += await continueCrashedLog(log, from: state, logged: lastSeq)
      }
      for problem in outcome.problems {
        Issue.record("\(trial): \(problem) (run again with REFOLD_CRASH_SEED=\(seed))")
      }
      if outcome.problems.isEmpty { try? FileManager.default.removeItem(at: trial.folder) }
      summary.add(outcome)
      // A line per trial: a policy's trials take minutes on a loaded machine, and the test
      // runner's watchdog takes a process silent for 120 s for a stuck one (scripts/run-tests.sh).
      print("crash trials, fsync \(policy): trial \(index + 1) of \(trials) checked, \(outcome.problems.count) problems")
    }
    print(summary)
    #expect(summary.trials == trials)
    #expect(summary.events > 0)
    if summary.failed == 0 { try? FileManager.default.removeItem(at: root) }
  }
}

/// The settings a run takes from the environment, with errors that say what is wrong.
enum CrashSettings {
  static func trials(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
    guard let text = environment["REFOLD_CRASH_TRIALS"] else { return 20 }
    guard let count = Int(text), count > 0 else {
      throw CrashHarnessError("REFOLD_CRASH_TRIALS must be a positive whole number of trials per fsync policy, not '\(text)'")
    }
    return count
  }

  static func seed(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> UInt64 {
    guard let text = environment["REFOLD_CRASH_SEED"] else { return UInt64.random(in: 1...UInt64(UInt32.max)) }
    guard let seed = UInt64(text) else {
      throw CrashHarnessError("REFOLD_CRASH_SEED must be a whole number (a seed a failed run printed), not '\(text)'")
    }
    return seed
  }

  /// When to kill: half the trials right after an acknowledgement (`.batched` gives one about
  /// every 100 ms, the others one per write), half right after a burst of actions (a burst
  /// takes about 6 ms). `.batched` runs longer, so that a writer that stopped syncing on time
  /// would have left more than its window at risk.
  static func killPoint(_ policy: FsyncPolicy, using rng: inout SplitMix64) -> CrashTrial.KillPoint {
    let batched = policy == .batched
    guard Bool.random(using: &rng) else { return .burst(Int.random(in: batched ? 1...150 : 1...60, using: &rng)) }
    return .acknowledgement(Int.random(in: batched ? 1...6 : 1...30, using: &rng))
  }
}

/// The figures of one policy's trials, printed at the end.
struct CrashSummary: CustomStringConvertible {
  let policy: FsyncPolicy
  let seed: UInt64
  var trials = 0
  var failed = 0
  var events: UInt64 = 0
  var acknowledged: UInt64 = 0
  var lost = 0
  var tornTails = 0
  var powerCuts = 0
  var tornAfterCuts = 0
  var oldestLost = 0.0
  var oldestUnacknowledged = 0.0

  mutating func add(_ outcome: CrashTrial.Outcome) {
    trials += 1
    if !outcome.problems.isEmpty { failed += 1 }
    events += outcome.logged
    acknowledged += outcome.acknowledged
    lost += max(0, outcome.committed - Int(outcome.logged))
    if outcome.tornTail { tornTails += 1 }
    if outcome.powerCut != nil { powerCuts += 1 }
    if outcome.powerCut == true { tornAfterCuts += 1 }
    oldestLost = max(oldestLost, outcome.oldestLost ?? 0)
    oldestUnacknowledged = max(oldestUnacknowledged, outcome.oldestUnacknowledged ?? 0)
  }

  var description: String {
    "crash trials, fsync \(policy), seed \(seed): \(trials) trials, \(failed) failed; \(events) events checked, "
      + "\(acknowledged) acknowledged, \(lost) commits lost (oldest \(Int(oldestLost * 1000)) ms before the kill), "
      + "\(tornTails) torn tails; at most \(Int(oldestUnacknowledged * 1000)) ms unacknowledged at a kill; "
      + "\(powerCuts) simulated power cuts, \(tornAfterCuts) with a torn tail"
  }
}

