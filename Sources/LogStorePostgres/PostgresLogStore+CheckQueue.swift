import Foundation
package import LogStorage
import PostgresNIO

/// The shared check's queue in PostgreSQL: `refold_check_runs` names each run and the filter
/// it was started with; `refold_check_items` holds one row per log of a run, with its lease
/// (the worker and until when, on the server's clock) and, once checked, its outcome.
///
/// A worker leases with `FOR UPDATE SKIP LOCKED`, so workers asking at once take different
/// logs without waiting for each other, and an outcome is kept by an update that names the
/// worker: a worker whose lease was taken over keeps nothing.
extension PostgresLogStore: CheckQueue {
  package func join(run name: String, filter: StoredLogFilter) async throws(LogStoreError) -> Int {
    let described = filter.described
    return try await perform("cannot start or join the check run \(name)") { [self] in
      try await client.withTransaction(logger: Self.quiet) { connection in
        // The first worker makes the run and its rows in one transaction; a worker joining at
        // the same time waits on the run's key until that commits, then finds it.
        var started = false
        for try await _ in try await connection.query(
          """
          INSERT INTO refold_check_runs (name, filter, created) VALUES (\(name), \(described), \(Date().timeIntervalSince1970))
          ON CONFLICT (name) DO NOTHING RETURNING name
          """, logger: Self.quiet)
        { started = true }
        if started {
          let ids = try await Self.logs(try await connection.query(Self.listQuery(filter), logger: Self.quiet)).map(\.id)
          try await connection.query(
            "INSERT INTO refold_check_items (run, log_id) SELECT \(name), unnest(\(ids)::text[])", logger: Self.quiet)
        } else {
          var existing = ""
          for try await (found) in try await connection.query(
            "SELECT filter FROM refold_check_runs WHERE name = \(name)", logger: Self.quiet
          ).decode(String.self) { existing = found }
          guard existing == described else {
            throw LogStoreError.usage(
              "check run \(name) was started over \(existing); this worker asks for \(described). Join it with the same --where and --since, or name a new run")
          }
        }
        var total = 0
        for try await (count) in try await connection.query(
          "SELECT count(*) FROM refold_check_items WHERE run = \(name)", logger: Self.quiet
        ).decode(Int.self) { total = count }
        return total
      }
    }
  }

  package func lease(run: String, worker: String, seconds: Double) async throws(LogStoreError) -> LeasedLog? {
    try await perform("cannot lease a log of the check run \(run)") { [self] in
      var leased: (id: String, attempt: Int)?
      for try await (id, attempts) in try await client.query(
        """
        UPDATE refold_check_items
        SET worker = \(worker), lease_until = now() + make_interval(secs => \(seconds)), attempts = attempts + 1
        WHERE run = \(run) AND log_id = (
          SELECT log_id FROM refold_check_items
          WHERE run = \(run) AND NOT done AND (lease_until IS NULL OR lease_until < now())
          ORDER BY log_id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING log_id, attempts
        """, logger: Self.quiet
      ).decode((String, Int).self) { leased = (id, attempts) }
      guard let leased else { return nil }
      var bytes: [UInt8]?
      for try await (content) in try await client.query(
        "SELECT content FROM refold_logs WHERE id = \(leased.id)", logger: Self.quiet
      ).decode(ByteBuffer.self) { bytes = Array(buffer: content) }
      guard let bytes else { throw LogStoreError(.failure, "log \(leased.id) of the run is no longer stored") }
      return LeasedLog(id: leased.id, bytes: bytes, attempt: leased.attempt)
    }
  }

  package func renew(run: String, log: String, worker: String, seconds: Double) async throws(LogStoreError) -> Bool {
    try await perform("cannot renew the lease on log \(log)") { [self] in
      var renewed = false
      for try await _ in try await client.query(
        """
        UPDATE refold_check_items SET lease_until = now() + make_interval(secs => \(seconds))
        WHERE run = \(run) AND log_id = \(log) AND worker = \(worker) AND NOT done
        RETURNING log_id
        """, logger: Self.quiet)
      { renewed = true }
      return renewed
    }
  }

  package func complete(run: String, log: String, worker: String, outcome: LogCheckOutcome) async throws(LogStoreError) -> Bool {
    let encoded: String
    do { encoded = String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self) } catch {
      throw LogStoreError(.failure, "cannot encode the outcome of log \(log): \(error)")
    }
    return try await perform("cannot keep the outcome of log \(log)") { [self] in
      var kept = false
      for try await _ in try await client.query(
        """
        UPDATE refold_check_items SET done = true, outcome = \(encoded), lease_until = NULL
        WHERE run = \(run) AND log_id = \(log) AND worker = \(worker) AND NOT done
        RETURNING log_id
        """, logger: Self.quiet)
      { kept = true }
      return kept
    }
  }

  package func progress(run: String) async throws(LogStoreError) -> CheckRunProgress {
    try await perform("cannot read the progress of the check run \(run)") { [self] in
      var progress = CheckRunProgress(total: 0, done: 0, leased: 0)
      for try await (total, done, leased) in try await client.query(
        """
        SELECT count(*), count(*) FILTER (WHERE done), count(*) FILTER (WHERE NOT done AND lease_until >= now())
        FROM refold_check_items WHERE run = \(run)
        """, logger: Self.quiet
      ).decode((Int, Int, Int).self) { progress = CheckRunProgress(total: total, done: done, leased: leased) }
      return progress
    }
  }

  package func outcomes(run: String) async throws(LogStoreError) -> [RunOutcome] {
    let rows = try await perform("cannot read the outcomes of the check run \(run)") { [self] in
      var rows: [(String, String, Int)] = []
      for try await row in try await client.query(
        "SELECT log_id, outcome, attempts FROM refold_check_items WHERE run = \(run) AND done ORDER BY log_id",
        logger: Self.quiet
      ).decode((String, String, Int).self) { rows.append(row) }
      return rows
    }
    var outcomes: [RunOutcome] = []
    for (log, text, attempts) in rows {
      guard let outcome = try? JSONDecoder().decode(LogCheckOutcome.self, from: Data(text.utf8)) else {
        throw LogStoreError.badInput("check run \(run): the outcome kept for log \(log) cannot be read")
      }
      outcomes.append(RunOutcome(log: log, outcome: outcome, attempts: attempts))
    }
    return outcomes
  }
}
