package import Foundation
import Logging
package import LogStorage
import PostgresNIO

/// A ``LogStore`` in PostgreSQL, for a team whose logs come to many machines: `--store
/// postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
///
/// Each log is one row of `refold_logs`: its bytes (`content`, whole) and its metadata in
/// indexed columns; `refold_keys` holds the keys' SHA-256. The tool creates and upgrades its
/// tables itself (``migrations``, applied in a transaction under an advisory lock, so that
/// processes that start together upgrade once). Every value reaches the server as a bound
/// parameter, never as text in a statement.
package final class PostgresLogStore: LogStore {
  package let location: String
  let client: PostgresClient
  private let running: Task<Void, Never>
  /// Uploads are checked in a local file before they are stored. Where uploads wait while they are checked: this user's, shared with its other processes,
  /// and cleared of what a killed one left (``SpoolFolder``).
  private let spoolFolder: SpoolFolder
  /// How long one operation may wait for the database.
  let answerDeadline: AnswerDeadline

  /// The schema, one entry per version: entry `n` upgrades version `n` to `n + 1`.
  static let migrations: [[PostgresQuery]] = [
    [
      """
      CREATE TABLE refold_logs (
        id text PRIMARY KEY,
        app text NOT NULL,
        feature text NOT NULL,
        schema integer NOT NULL,
        app_version text,
        device text,
        events bigint NOT NULL,
        first_time double precision,
        last_time double precision,
        bytes bigint NOT NULL,
        uploaded double precision NOT NULL,
        content bytea NOT NULL
      )
      """,
      "CREATE INDEX refold_logs_feature ON refold_logs (feature, uploaded)",
      "CREATE INDEX refold_logs_app ON refold_logs (app, uploaded)",
      "CREATE INDEX refold_logs_uploaded ON refold_logs (uploaded)",
      "CREATE TABLE refold_keys (hash text PRIMARY KEY, app text NOT NULL, created double precision NOT NULL)",
    ],
    // 1 to 2: runs of `refold check --store` that many workers share.
    [
      """
      CREATE TABLE refold_check_runs (
        name text PRIMARY KEY,
        filter text NOT NULL,
        created double precision NOT NULL
      )
      """,
      """
      CREATE TABLE refold_check_items (
        run text NOT NULL REFERENCES refold_check_runs (name) ON DELETE CASCADE,
        log_id text NOT NULL REFERENCES refold_logs (id),
        worker text,
        lease_until timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        done boolean NOT NULL DEFAULT false,
        outcome text,
        PRIMARY KEY (run, log_id)
      )
      """,
      "CREATE INDEX refold_check_items_open ON refold_check_items (run, log_id) WHERE NOT done",
    ],
  ]

  private init(
    location: String, client: PostgresClient, running: Task<Void, Never>, spoolFolder: SpoolFolder, answerDeadline: AnswerDeadline
  ) {
    self.answerDeadline = answerDeadline
    self.location = location
    self.client = client
    self.running = running
    self.spoolFolder = spoolFolder
  }

  deinit {
    running.cancel()
  }

  /// Connects, then creates or upgrades the schema.
  ///
  /// - Parameter answerDeadline: how long each operation waits for the database before it
  ///   fails (``withAnswerDeadline(_:_:)``).
  package static func open(_ url: String, answerDeadline: AnswerDeadline = .standard) async throws(LogStoreError) -> PostgresLogStore {
    let configuration = try configuration(url)
    try await probe(configuration.client, shown: configuration.shown)
    var logger = Logger(label: "refold.store")
    logger.logLevel = .critical
    let client = PostgresClient(configuration: configuration.client, backgroundLogger: logger)
    let running = Task { await client.run() }
    let spool: SpoolFolder
    do throws(LogStoreError) {
      spool = try SpoolFolder.temporary()
    } catch {
      running.cancel()
      throw error
    }
    let store = PostgresLogStore(
      location: configuration.shown, client: client, running: running, spoolFolder: spool, answerDeadline: answerDeadline)
    try await store.upgrade()
    return store
  }

  /// The client's settings from a URL, and the URL without its password, for messages.
  static func configuration(_ text: String) throws(LogStoreError) -> (client: PostgresClient.Configuration, shown: String) {
    guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty, let user = url.user, !user.isEmpty else {
      throw LogStoreError.usage("--store \(text): expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
    }
    let database = String(url.path.drop { $0 == "/" })
    var configuration = PostgresClient.Configuration(
      host: host, port: url.port ?? 5432, username: user, password: url.password,
      database: database.isEmpty ? user : database, tls: .disable)
    configuration.options.connectTimeout = .seconds(10)
    let shown = "postgres://\(user)@\(host):\(url.port ?? 5432)/\(database.isEmpty ? user : database)"
    return (configuration, shown)
  }

  /// One connection made and closed, so that a server that is not there, or refuses the
  /// user, is said at once: the pool would keep trying for a minute before it gave up.
  private static func probe(_ configuration: PostgresClient.Configuration, shown: String) async throws(LogStoreError) {
    var connection = PostgresConnection.Configuration(
      host: configuration.host ?? "127.0.0.1", port: configuration.port ?? 5432, username: configuration.username,
      password: configuration.password, database: configuration.database, tls: .disable)
    connection.options.connectTimeout = .init(configuration.options.connectTimeout)
    do {
      let opened = try await PostgresConnection.connect(configuration: connection, id: 0, logger: quiet)
      try? await opened.close()
    } catch let error as PSQLError {
      throw LogStoreError(.failure, "\(shown): cannot connect: \(plainConnectionError(describe(error)))")
    } catch {
      throw LogStoreError(.failure, "\(shown): cannot connect: \(error)")
    }
  }

  private func upgrade() async throws(LogStoreError) {
    try await perform("cannot create or upgrade the store's tables") { [self] in
      try await client.withTransaction(logger: Logger(label: "refold.store")) { connection in
        // One upgrader at a time; the others find the work done.
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.upgradeLock))", logger: Self.quiet)
        try await connection.query(
          "CREATE TABLE IF NOT EXISTS refold_store_version (version integer NOT NULL)", logger: Self.quiet)
        var version = 0
        for try await (found) in try await connection.query("SELECT version FROM refold_store_version", logger: Self.quiet)
          .decode(Int.self)
        { version = found }
        guard version <= Self.migrations.count else {
          throw LogStoreError.badInput(
            "\(location) holds a log store of version \(version), made by a newer refold; this one knows version \(Self.migrations.count)")
        }
        for statements in Self.migrations[version...] {
          for statement in statements { try await connection.query(statement, logger: Self.quiet) }
        }
        try await connection.query("DELETE FROM refold_store_version", logger: Self.quiet)
        try await connection.query("INSERT INTO refold_store_version VALUES (\(Self.migrations.count))", logger: Self.quiet)
      }
    }
  }

  static let upgradeLock = 0x7265_666f_6c64  // "refold"
  static let quiet = Logger(label: "refold.store.quiet", factory: { _ in SwiftLogNoOpLogHandler() })

  package func spool(_ bytes: [UInt8]) throws(LogStoreError) -> URL {
    let path = spoolFolder.url.appendingPathComponent("upload-\(UUID().uuidString).log").path
    try DurableFile.create(path, bytes)
    return URL(fileURLWithPath: path)
  }

  package func put(_ file: URL, _ log: CheckedLog, app: String, appVersion: String?, device: String?) async throws(LogStoreError)
    -> (log: StoredLog, isNew: Bool)
  {
    defer { DurableFile.remove(file.path) }
    let content: [UInt8]
    do { content = Array(try Data(contentsOf: file)) } catch {
      throw LogStoreError(.failure, "cannot read the spooled upload: \(error.localizedDescription)")
    }
    let stored = StoredLog(
      id: log.id, app: app, feature: log.feature, schema: log.schema, appVersion: appVersion, device: device,
      events: log.events, firstTime: log.firstTime, lastTime: log.lastTime, bytes: log.bytes,
      uploaded: Date().timeIntervalSince1970)
    let isNew = try await perform("cannot store the log") { [self] in
      let rows = try await client.query(
        """
        INSERT INTO refold_logs (id, app, feature, schema, app_version, device, events, first_time, last_time, bytes, uploaded, content)
        VALUES (\(stored.id), \(stored.app), \(stored.feature), \(stored.schema), \(stored.appVersion), \(stored.device),
          \(stored.events), \(stored.firstTime), \(stored.lastTime), \(stored.bytes), \(stored.uploaded), \(ByteBuffer(bytes: content)))
        ON CONFLICT (id) DO NOTHING RETURNING id
        """, logger: Self.quiet)
      var inserted = false
      for try await _ in rows { inserted = true }
      return inserted
    }
    if isNew { return (stored, true) }
    var filter = StoredLogFilter()
    filter.id = log.id
    guard let existing = try await list(filter).first else {
      throw LogStoreError(.failure, "log \(log.id) was stored and is gone")
    }
    return (existing, false)
  }

  package func list(_ filter: StoredLogFilter) async throws(LogStoreError) -> [StoredLog] {
    try await perform("cannot list the logs") { [self] in
      try await Self.logs(try await client.query(Self.listQuery(filter), logger: Self.quiet))
    }
  }

  /// The logs that pass `filter`, oldest upload first: every value a bound parameter, and a
  /// condition not given is one that any row passes.
  static func listQuery(_ filter: StoredLogFilter) -> PostgresQuery {
    """
    SELECT id, app, feature, schema, app_version, device, events, first_time, last_time, bytes, uploaded
    FROM refold_logs
    WHERE (\(filter.id)::text IS NULL OR id = \(filter.id))
      AND (\(filter.feature)::text IS NULL OR feature = \(filter.feature))
      AND (\(filter.app)::text IS NULL OR app = \(filter.app))
      AND (\(filter.device)::text IS NULL OR device = \(filter.device))
      AND (\(filter.appVersion)::text IS NULL OR app_version = \(filter.appVersion))
      AND (\(filter.schema)::integer IS NULL OR schema = \(filter.schema))
      AND (\(filter.since)::double precision IS NULL OR uploaded >= \(filter.since))
    ORDER BY uploaded, id
    """
  }

  static func logs(_ rows: PostgresRowSequence) async throws -> [StoredLog] {
    var logs: [StoredLog] = []
    for try await (id, app, feature, schema, appVersion, device, events, firstTime, lastTime, bytes, uploaded) in rows.decode(
      (String, String, String, Int, String?, String?, Int, Double?, Double?, Int, Double).self)
    {
      logs.append(
        StoredLog(
          id: id, app: app, feature: feature, schema: schema, appVersion: appVersion, device: device, events: events,
          firstTime: firstTime, lastTime: lastTime, bytes: bytes, uploaded: uploaded))
    }
    return logs
  }

  package func addKey(app: String) async throws(LogStoreError) -> String {
    try APIKey.checkAppName(app)
    let key = APIKey.make()
    try await perform("cannot store the key") { [self] in
      try await client.query(
        "INSERT INTO refold_keys (hash, app, created) VALUES (\(APIKey.hash(key)), \(app), \(Date().timeIntervalSince1970))",
        logger: Self.quiet)
    }
    return key
  }

  package func app(forKey key: String) async throws(LogStoreError) -> String? {
    guard APIKey.isWellFormed(key) else { return nil }
    return try await perform("cannot look up the key") { [self] in
      var app: String?
      for try await (found) in try await client.query(
        "SELECT app FROM refold_keys WHERE hash = \(APIKey.hash(key))", logger: Self.quiet
      ).decode(String.self) { app = found }
      return app
    }
  }

  /// Runs `body`, turning what the database says into one line, and gives up once it has not
  /// answered by ``answerDeadline`` (``withAnswerDeadline(_:_:)`` says why).
  func perform<T: Sendable>(_ what: String, _ body: @escaping @Sendable () async throws -> T) async throws(LogStoreError) -> T {
    do {
      return try await withAnswerDeadline(answerDeadline, body)
    } catch let error as AnswerDeadlinePassed {
      throw LogStoreError(.failure, "\(location): \(what): the database gave \(error)")
    } catch {
      throw describe(error, what)
    }
  }

  /// What went wrong, in one line: a refusal of ours as it is, or what the database said.
  private func describe(_ error: any Error, _ what: String) -> LogStoreError {
    switch error {
    case let error as LogStoreError:
      return error
    case let error as PostgresTransactionError:
      // A transaction's error wraps what went wrong inside it, or in its begin or commit.
      if let inner = error.closureError ?? error.beginError ?? error.commitError { return describe(inner, what) }
      return LogStoreError(.failure, "\(location): \(what): the transaction failed")
    case let error as PSQLError:
      return LogStoreError(.failure, "\(location): \(what): \(Self.describe(error))")
    default:
      return LogStoreError(.failure, "\(location): \(what): \(error)")
    }
  }

  /// NIO's account of a failed connection (every address tried, with its errno), said the way
  /// a user would: the common cases by name, anything else as it is.
  static func plainConnectionError(_ text: String) -> String {
    let known = [
      ("Connection refused", "connection refused: is PostgreSQL listening there?"),
      ("connectTimeout", "no answer within the connection's time limit"),
      ("timed out", "no answer within the connection's time limit"),
      ("Network is unreachable", "the network is unreachable"),
      ("No route to host", "no route to the host"),
    ]
    return known.first { text.contains($0.0) }?.1 ?? text
  }

  static func describe(_ error: PSQLError) -> String {
    if let message = error.serverInfo?[.message] { return message }
    if let underlying = error.underlying { return "\(underlying)" }
    return "\(error.code)"
  }
}
