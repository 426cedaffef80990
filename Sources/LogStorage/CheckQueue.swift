import Foundation

/// A store that many `refold check --store` workers, on any number of machines, can share one
/// run of: each log of the run is leased to one worker at a time, and its outcome is kept once.
///
/// A worker that stops (killed, its machine gone) stops renewing its leases; once a lease has
/// expired, another worker takes the log again. An outcome is kept only from the worker that
/// holds the log's lease when it reports, so a log checked twice (a worker that was slow, not
/// dead) still has exactly one outcome in the run.
package protocol CheckQueue: Sendable {
  /// Starts run `name` over the logs that pass `filter`, or joins it when it exists; a run
  /// joined with another filter than it was started with is refused.
  ///
  /// - Returns: how many logs the run holds.
  func join(run name: String, filter: StoredLogFilter) async throws(LogStoreError) -> Int

  /// Leases the next log of the run that no worker has checked or holds a live lease on, for
  /// `seconds`; nil when there is none.
  func lease(run: String, worker: String, seconds: Double) async throws(LogStoreError) -> LeasedLog?

  /// Extends `worker`'s lease on `log` by `seconds` from now; false when the worker no longer
  /// holds it.
  func renew(run: String, log: String, worker: String, seconds: Double) async throws(LogStoreError) -> Bool

  /// Keeps `outcome` as the run's outcome for `log`, if `worker` still holds its lease; false
  /// (and nothing kept) when it does not.
  func complete(run: String, log: String, worker: String, outcome: LogCheckOutcome) async throws(LogStoreError) -> Bool

  /// How far the run is.
  func progress(run: String) async throws(LogStoreError) -> CheckRunProgress

  /// The outcomes kept so far, by log id.
  func outcomes(run: String) async throws(LogStoreError) -> [RunOutcome]
}

/// A log leased to a worker: its id and its bytes.
package struct LeasedLog: Sendable {
  package var id: String
  package var bytes: [UInt8]
  /// How many times it was leased, this time included: more than 1 when a worker before this
  /// one did not finish it.
  package var attempt: Int

  package init(id: String, bytes: [UInt8], attempt: Int) {
    self.id = id
    self.bytes = bytes
    self.attempt = attempt
  }
}

/// How far a run of `refold check --store` is.
package struct CheckRunProgress: Sendable, Equatable {
  package var total: Int
  package var done: Int
  /// Logs under a live lease: a worker is checking them.
  package var leased: Int

  package init(total: Int, done: Int, leased: Int) {
    self.total = total
    self.done = done
    self.leased = leased
  }

  package var isFinished: Bool { done == total }
}

/// A log's outcome in a run, and how many leases it took.
package struct RunOutcome: Sendable {
  package var log: String
  package var outcome: LogCheckOutcome
  package var attempts: Int

  package init(log: String, outcome: LogCheckOutcome, attempts: Int) {
    self.log = log
    self.outcome = outcome
    self.attempts = attempts
  }
}
