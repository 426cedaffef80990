import Foundation
import InternalTestSupport
import Reducers
import Store

/// One crash trial: the child records with `policy`, the parent SIGKILLs it at `kill`, then
/// holds what it left against the promises of `docs/event-log-format.md` §10 and §11.
struct CrashTrial: Sendable, CustomStringConvertible {
  /// When to kill: right after the child's nth acknowledgement (`durable SEQ`), or right after
  /// its nth burst of actions (`sent SEQ`), with commits perhaps not written yet.
  enum KillPoint: Sendable, CustomStringConvertible {
    case acknowledgement(Int)
    case burst(Int)

    var description: String {
      switch self {
      case .acknowledgement(let count): "after \(count) acknowledgements"
      case .burst(let count): "after \(count) bursts"
      }
    }
  }

  let policy: FsyncPolicy
  let seed: UInt64
  let kill: KillPoint
  /// Where the trial leaves its artefacts: the log, the child's journal, stdout and stderr.
  let folder: URL

  /// How old a commit may be and still not be acknowledged durable: `.batched` puts about
  /// 100 ms of actions at risk (or 64 KiB, whichever comes first); `.never` acknowledges each
  /// batch as it writes it. `.always` promises no time, only that an acknowledged seq is never
  /// lost: its acknowledgements wait for fsyncs, as slow as the disk.
  static func documentedWindow(_ policy: FsyncPolicy) -> Double? {
    switch policy {
    case .always: nil
    case .batched: 0.100
    case .never: 0
    }
  }
  /// What a shared, loaded machine may add to it: the writer thread waiting for a core, or an
  /// fsync that takes long. Far below what a writer that stopped waking leaves at risk.
  static let schedulingAllowance = 0.300

  var log: URL { folder.appendingPathComponent("events.log") }
  var journal: URL { folder.appendingPathComponent("journal.txt") }
  var description: String {
    "\(policy) trial (seed \(seed), killed \(kill); artefacts in \(folder.path))"
  }

  struct Outcome: Sendable {
    var problems: [String] = []
    /// The last seq the log holds, the highest seq acknowledged durable, and the number of
    /// commits the store made before the kill.
    var logged: UInt64 = 0
    var acknowledged: UInt64 = 0
    var committed = 0
    /// How long before the kill the oldest commit missing from the log was made, in seconds.
    var oldestLost: Double?
    /// How long before the kill the oldest commit not yet acknowledged was made: what a crash
    /// of the machine, rather than of the process, could have lost.
    var oldestUnacknowledged: Double?
    var tornTail = false
    /// Whether the log cut as by a power cut had a torn tail; nil when not simulated.
    var powerCut: Bool?
    /// The log to continue, and the state it replays to.
    var toContinue: (log: URL, state: AppFeature.State, lastSeq: UInt64)?
  }

  /// Runs the child and checks what it left. Blocks: call it through ``offThePool(_:)``.
  func run() throws -> Outcome {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var (acks, bursts) = (0, 0)
    let arguments = [
      "record", "--log", log.path, "--journal", journal.path, "--fsync", policy.rawValue,
      "--seed", "\(seed)", "--max-seconds", "30",
    ]
    let child = try CrashChild.run(arguments) { line in
      if line.hasPrefix("durable ") { acks += 1 }
      if line.hasPrefix("sent ") { bursts += 1 }
      switch kill {
      case .acknowledgement(let count): return line.hasPrefix("durable ") && acks == count
      case .burst(let count): return line.hasPrefix("sent ") && bursts == count
      }
    }
    try child.stdout.write(to: folder.appendingPathComponent("child-stdout.txt"))
    try child.stderr.write(to: folder.appendingPathComponent("child-stderr.txt"))

    var outcome = Outcome()
    guard child.wasKilled, let killedAt = child.killedAt else {
      outcome.problems.append(
        "the child was not killed \(kill): it ended (\(child.reason), status \(child.status)) after \(acks) acknowledgements and \(bursts) bursts; stderr: \(child.stderrText)")
      return outcome
    }
    let acknowledged = child.stdoutLines.compactMap { $0.hasPrefix("durable ") ? UInt64($0.dropFirst(8)) : nil }
    if acknowledged != acknowledged.sorted() || Set(acknowledged).count != acknowledged.count {
      outcome.problems.append("the acknowledged seqs do not go up: \(acknowledged)")
    }
    outcome.acknowledged = acknowledged.max() ?? 0

    let journal = try JournalEntry.parse(String(decoding: try Data(contentsOf: journal), as: UTF8.self))
    outcome.committed = journal.count
    let check = LogAgainstJournal(log: log, journal: journal)
    outcome.problems += check.problems
    outcome.logged = check.lastSeq
    outcome.tornTail = check.replay?.warnings.isEmpty == false
    guard let replay = check.replay else { return outcome }
    outcome.toContinue = (log, replay.state, replay.lastSeq)

    // Everything acknowledged is there: the log has no gaps, so its last seq says it all.
    if outcome.logged < outcome.acknowledged {
      outcome.problems.append(
        "seq \(outcome.acknowledged) was acknowledged durable, but the log ends at seq \(outcome.logged)")
    }
    func age(_ entry: JournalEntry?) -> Double? {
      entry.map { Double(Int64(bitPattern: killedAt &- $0.time)) / 1e9 }
    }
    outcome.oldestLost = age(journal.dropFirst(Int(min(outcome.logged, UInt64(journal.count)))).first)
    outcome.oldestUnacknowledged = age(journal.dropFirst(Int(min(outcome.acknowledged, UInt64(journal.count)))).first)
    // At the kill, only the window was at risk. What the log lost is part of it (it holds
    // every acknowledged seq), so at most the window was lost.
    if let window = Self.documentedWindow(policy), let atRisk = outcome.oldestUnacknowledged,
      atRisk > window + Self.schedulingAllowance
    {
      outcome.problems.append(
        "at the kill, commits made \(Int(atRisk * 1000)) ms before were not acknowledged durable yet (\(journal.count - Int(outcome.logged)) commits lost): more than the documented \(Int(window * 1000)) ms (+ \(Int(Self.schedulingAllowance * 1000)) ms allowed for a loaded machine)")
    }

    let leaks = try filesHoldingSecrets(in: folder)
    if !leaks.isEmpty {
      outcome.problems.append("the password or the session token is in clear in \(leaks.joined(separator: ", "))")
    }
    // Seq 2 typed the password: the log shows that it held a secret, redacted.
    if outcome.logged >= 2, try Data(contentsOf: log).range(of: Data(#""<redacted>""#.utf8)) == nil {
      outcome.problems.append("the log holds the password's seq but no redaction placeholder")
    }

    // What was fsynced survives a crash of the machine too, whatever became of the rest.
    if policy != .never {
      let cut = try powerCut(keepingThrough: outcome.acknowledged)
      let afterCut = LogAgainstJournal(log: cut, journal: journal)
      outcome.problems += afterCut.problems.map { "after a simulated power cut: \($0)" }
      if let replay = afterCut.replay {
        outcome.powerCut = !replay.warnings.isEmpty
        if replay.lastSeq < outcome.acknowledged {
          outcome.problems.append(
            "after a simulated power cut the log ends at seq \(replay.lastSeq), before the acknowledged seq \(outcome.acknowledged)")
        }
        outcome.toContinue = (cut, replay.state, replay.lastSeq)
      }
    }
    return outcome
  }

  /// A copy of the log as a power cut could leave it (§10): everything through the line of the
  /// last acknowledged seq, which was fsynced; of the rest, any prefix, perhaps followed by a
  /// run of NUL bytes.
  func powerCut(keepingThrough acknowledged: UInt64) throws -> URL {
    let bytes = try Data(contentsOf: log)
    let reader = try LogReader(file: log)
    var durableEnd = 0
    while let record = try reader.next() {
      durableEnd = reader.bytesRead
      if case .header = record, acknowledged == 0 { break }
      if case .event(let event) = record, event.seq >= acknowledged { break }
    }
    var rng = SplitMix64(seed: seed ^ 0xC0FF_EE00)
    var cut = bytes.prefix(Int.random(in: durableEnd...bytes.count, using: &rng))
    if Bool.random(using: &rng) {
      cut.append(Data(count: Int.random(in: 1...4096, using: &rng)))
    }
    let copy = folder.appendingPathComponent("power-cut.log")
    try cut.write(to: copy)
    return copy
  }
}

/// Continues a copy of a crashed log, as an app that restarts would: from the replayed state,
/// with `.append`, which cuts a torn tail. The continued log must replay and verify. Returns
/// the problems.
@MainActor
func continueCrashedLog(_ log: URL, from state: AppFeature.State, logged: UInt64) async -> [String] {
  let copy = log.deletingLastPathComponent().appendingPathComponent("continued.log")
  do {
    try FileManager.default.copyItem(at: log, to: copy)
    let recorder = try Recorder<AppFeature.State, AppFeature.Action>(
      file: copy, feature: "app", initialState: state,
      options: RecorderOptions(fsync: .never, checkpointInterval: 25, snapshotInterval: 250, existingFile: .append))
    // Live dates, as the child drew them: the follow list notes since when (`@Dependency(\.date)`).
    let store = Store(initialState: state, reducer: AppFeature(), plugins: [recorder]) { $0.date = .live }
    store.send(.amountInput(.textChanged("1234")))
    store.send(.following(.followTapped(id: 2)))
    store.send(.greeting(.showGreetingTapped))
    try await recorder.close()
    let replay = try Replayer(reducer: AppFeature()).replay(file: copy, verify: true, feature: "app")
    var problems: [String] = []
    if replay.lastSeq != logged + 3 {
      problems.append("the continued log ends at seq \(replay.lastSeq), not \(logged + 3)")
    }
    if Redaction.apply(replay.state) != Redaction.apply(store.state) {
      problems.append("the continued log does not replay to the live state")
    }
    return problems
  } catch {
    return ["the crashed log cannot be continued: \(error)"]
  }
}
