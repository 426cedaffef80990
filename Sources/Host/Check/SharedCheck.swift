import Foundation
import LogStorage

/// This process's share of a check run that any number of workers, on any number of machines,
/// join by its name (`refold check --store postgres://… --run NAME`).
///
/// Each of `jobs` loops leases a log, checks it on a thread of its own as `refold check` checks
/// a file, renews the lease at a third of its length while it works, and reports the outcome.
/// When no log is left to lease but other workers still hold some, it waits for them: a log
/// whose worker died is leased again once that lease has run out.
struct SharedCheck: Sendable {
  var queue: any CheckQueue
  var run: String
  /// This process, as the store names it: host and process id.
  var worker: String
  var jobs: Int
  var leaseSeconds: Double
  var features: FeatureRegistry
  /// Where a leased log's bytes are written to be checked; emptied as each log is done.
  var scratch: URL

  init(
    queue: any CheckQueue, run: String, jobs: Int, leaseSeconds: Double, features: FeatureRegistry, scratch: URL
  ) {
    self.queue = queue
    self.run = run
    self.worker = "\(ProcessInfo.processInfo.hostName)/\(getpid())"
    self.jobs = max(1, jobs)
    self.leaseSeconds = leaseSeconds
    self.features = features
    self.scratch = scratch
  }

  /// Checks logs of the run until every one has an outcome, by this worker or another.
  /// `checked` is called after each outcome this worker keeps.
  ///
  /// - Returns: how many logs this worker checked.
  func work(checked: @escaping @Sendable (LogCheckOutcome) -> Void) async throws(HostError) -> Int {
    do {
      return try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<jobs { group.addTask { try await loop(checked: checked) } }
        return try await group.reduce(0, +)
      }
    } catch let error as HostError {
      throw error
    } catch let error as LogStoreError {
      throw HostError(error)
    } catch {
      throw HostError(.failure, "check run \(Terminal.quoted(run)): \(error)")
    }
  }

  private func loop(checked: @Sendable (LogCheckOutcome) -> Void) async throws -> Int {
    var count = 0
    while true {
      try Task.checkCancellation()
      if let leased = try await queue.lease(run: run, worker: worker, seconds: leaseSeconds) {
        if Self.holdsLeases { try await hold(leased) }
        let outcome = try await check(leased)
        if try await queue.complete(run: run, log: leased.id, worker: worker, outcome: outcome) {
          count += 1
          checked(outcome)
        }
        continue
      }
      if try await queue.progress(run: run).isFinished { return count }
      // Other workers hold what is left: wait for them to finish, or for a dead one's lease to
      // run out. Asked often: a run's last logs end it for every worker, and a worker asleep
      // for a second then was most of a small run's time (2 workers were slower than 1). One
      // indexed read per idle job every 0.1 s costs the database nothing.
      try await Task.sleep(for: Self.idlePoll(leaseSeconds: leaseSeconds))
    }
  }

  /// How long a worker with nothing to lease waits before it asks again.
  static func idlePoll(leaseSeconds: Double) -> Duration {
    .seconds(min(0.1, leaseSeconds / 4))
  }

  /// Checks a leased log, renewing its lease until the check is done.
  private func check(_ leased: LeasedLog) async throws -> LogCheckOutcome {
    let file = scratch.appendingPathComponent("\(leased.id).log")
    guard FileManager.default.createFile(atPath: file.path, contents: Data(leased.bytes)) else {
      throw HostError(.failure, "cannot write log \(leased.id) to \(scratch.path) to check it")
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let (queue, run, worker, seconds) = (self.queue, self.run, self.worker, leaseSeconds)
    let renewal = Task {
      while !Task.isCancelled {
        try await Task.sleep(for: .seconds(seconds / 3))
        guard try await queue.renew(run: run, log: leased.id, worker: worker, seconds: seconds) else { return }
      }
    }
    defer { renewal.cancel() }
    let features = self.features
    var outcome = await OwnThread.run { LogCheck.run(file.path, features: features) }
    // The log is named by its id in the store, not by the scratch file it was checked in.
    outcome.path = leased.id
    outcome.message = outcome.message?.replacingOccurrences(of: file.path, with: leased.id)
    outcome.detail = outcome.detail?.replacingOccurrences(of: file.path, with: leased.id)
    return outcome
  }

  /// A test's stand-in for a worker that hangs or is killed part-way: with
  /// `REFOLD_TEST_HOLD_LEASE=1` in its environment, a worker says which log it leased and then
  /// holds the lease without working or renewing it, until it is killed.
  static var holdsLeases: Bool { ProcessInfo.processInfo.environment["REFOLD_TEST_HOLD_LEASE"] == "1" }

  private func hold(_ leased: LeasedLog) async throws {
    Terminal.out("holding log \(leased.id) of run \(run) (REFOLD_TEST_HOLD_LEASE)")
    while true { try await Task.sleep(for: .seconds(3600)) }
  }
}

/// Runs blocking work (a replay) on a thread of its own, so that the cooperative pool stays free.
enum OwnThread {
  static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }
}
