import Foundation
import LogUpload
import PostgresNIO
import Store
import Testing

@testable import Host
@testable import LogStorage
@testable import LogStorePostgres

/// The PostgreSQL log store against a real PostgreSQL 15 (``TestPostgres``): each test on a
/// database of its own.
@Suite(.serialized)
struct PostgresLogStoreTests {
  func put(_ store: any LogStore, _ bytes: [UInt8], app: String = "ios") async throws -> (log: StoredLog, isNew: Bool) {
    let file = try store.spool(bytes)
    return try await store.put(file, try CheckedLog.check(file, bytes: bytes), app: app, appVersion: "1.0", device: "qa")
  }

  @Test func logsAreKeptOnceAndListedByFilterWithBoundValues() async throws {
    let url = try await TestPostgres.database()
    let store = try await LogStores.open(url, kinds: [.postgres])
    let first = try await put(store, StoreTestLogs.log(1, events: 3))
    #expect(first.isNew && first.log.events == 3)
    let again = try await put(store, StoreTestLogs.log(1, events: 3), app: "android")
    #expect(!again.isNew && again.log.app == "ios", "a repeat keeps the first upload's metadata")
    _ = try await put(store, StoreTestLogs.log(2), app: "android")
    #expect(try await store.list(StoredLogFilter()).count == 2)
    var byApp = StoredLogFilter()
    try byApp.add("app=android")
    #expect(try await store.list(byApp).map(\.events) == [2])
    var bySchema = StoredLogFilter()
    try bySchema.add("schema=1")
    #expect(try await store.list(bySchema).count == 2)

    let key = try await store.addKey(app: "ios")
    #expect(try await store.app(forKey: key) == "ios")
    #expect(try await store.app(forKey: "rfk_" + String(repeating: "1", count: 64)) == nil)
    #expect(try await TestPostgres.sql(url, "SELECT count(*) FROM refold_keys WHERE hash = '\(key)'") == "0\n", "only the key's hash is kept")

    // A second opening finds the schema at its version and leaves it.
    let reopened = try await LogStores.open(url, kinds: [.postgres])
    #expect(try await reopened.list(StoredLogFilter()).count == 2)
    #expect(try await TestPostgres.sql(url, "SELECT version FROM refold_store_version") == "\(PostgresLogStore.migrations.count)\n")
  }

  /// Every filter's value reaches the server as a bound parameter: text that would change a
  /// statement built by pasting matches nothing and changes nothing.
  @Test func injectionAttemptsInEveryFilterMatchNothingAndChangeNothing() async throws {
    let url = try await TestPostgres.database()
    let store = try await LogStores.open(url, kinds: [.postgres])
    _ = try await put(store, StoreTestLogs.log(1))
    let attempts = [
      "ios' OR '1'='1", "x'; DROP TABLE refold_logs; --", "x\"; DELETE FROM refold_keys; --", "%", "_", "\\", "' UNION SELECT * FROM refold_keys --",
    ]
    for key in ["feature", "app", "device", "appVersion"] {
      for attempt in attempts {
        var filter = StoredLogFilter()
        try filter.add("\(key)=\(attempt)")
        #expect(try await store.list(filter).isEmpty, "\(key)=\(attempt)")
      }
    }
    // The numeric and time filters take only what parses.
    var filter = StoredLogFilter()
    #expect(throws: LogStoreError.self) { try filter.add("schema=1 OR 1=1") }
    #expect(throws: LogStoreError.self) { try filter.since("2026-11-25'; DROP TABLE refold_logs; --") }
    #expect(try await store.list(StoredLogFilter()).count == 1, "the table is still there, and its row")
    // The same through the command line, as a user would type it.
    let listed = try await RefoldProcess.run(["store", "list", "--store", url, "--where", "app=ios' OR '1'='1", "--json"])
    #expect(listed.status == 0 && listed.stdout == "[]\n", "\(listed.stderr)")
  }

  @Test func aServerThatIsNotThereOrADatabaseThatIsNotIsOneLineAtOnce() async throws {
    let nobody = try await RefoldProcess.run(["store", "list", "--store", "postgres://refold@127.0.0.1:1/logs"])
    #expect(nobody.status == 70)
    #expect(
      nobody.stderr == "refold: postgres://refold@127.0.0.1:1/logs: cannot connect: connection refused: is PostgreSQL listening there?\n",
      "\(nobody.stderr)")
    let url = try await TestPostgres.database()
    let missing = url.replacingOccurrences(of: "/t_", with: "/missing_")
    let wrong = try await RefoldProcess.run(["store", "list", "--store", missing])
    #expect(wrong.status == 70)
    #expect(wrong.stderr.hasSuffix("cannot connect: database \"\(missing.split(separator: "/").last!)\" does not exist\n"), "\(wrong.stderr)")
    let notAURL = try await RefoldProcess.run(["store", "list", "--store", "postgres://127.0.0.1/logs"])
    #expect(notAURL.status == 64 && notAURL.stderr.contains("expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"), "\(notAURL.stderr)")
  }

  /// A statement the database does not answer (here it waits for a lock that another session
  /// holds) fails once the store's deadline has passed on the store's clock, in one line, and
  /// the store answers again once the database does.
  @Test func anOperationTheDatabaseDoesNotAnswerFailsAtTheDeadline() async throws {
    let url = try await TestPostgres.database()
    let clock = VirtualClock()
    let store = try await PostgresLogStore.open(url, answerDeadline: AnswerDeadline(limit: .seconds(60), clock: clock))
    let key = try await store.addKey(app: "ios")

    let holder = try await PostgresLogStore.open(url)
    let (release, releasing) = AsyncStream.makeStream(of: Never.self)
    let (locked, lockTaken) = AsyncStream.makeStream(of: Void.self)
    let holding = Task {
      try await holder.client.withTransaction(logger: PostgresLogStore.quiet) { connection in
        try await connection.query("LOCK TABLE refold_keys IN ACCESS EXCLUSIVE MODE", logger: PostgresLogStore.quiet)
        lockTaken.yield()
        for await _ in release {}
      }
    }
    for await _ in locked { break }

    let lookup = Task { try await store.app(forKey: key) }
    // NB: the deadline's sleep starts in a task of its own; time moves once it is waiting.
    while clock.sleepCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(59))
    #expect(clock.sleepCount == 1, "a second before the deadline the look-up still waits")
    await clock.advance(by: .seconds(1))
    let error = await #expect(throws: LogStoreError.self) { try await lookup.value }
    #expect(error?.message == "\(store.location): cannot look up the key: the database gave no answer within 60 s")

    releasing.finish()
    try await holding.value
    #expect(try await store.app(forKey: key) == "ios", "the store answers again once the lock is gone")
  }

  @Test func fiftyUploadersThroughCollectLoseNoneAndStoreEachOnce() async throws {
    let url = try await TestPostgres.database()
    let store = try await LogStores.open(url, kinds: [.postgres])
    let key = try await store.addKey(app: "ios")
    let server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: 1 << 20)
    let (receipts, distinct) = try await CollectServerTests.uploadBurst(to: URL(string: "http://127.0.0.1:\(server.port)")!, key: key)
    let stored = try await store.list(StoredLogFilter())
    #expect(stored.count == distinct)
    #expect(Set(stored.map(\.id)) == Set(receipts.map(\.id)))
    #expect(try await TestPostgres.sql(url, "SELECT count(*) FROM refold_logs") == "\(distinct)\n")
    await server.stop()
  }

  @Test func aWrongKeyIs401ATooLargeLogIs413AndADamagedOneIs422() async throws {
    let store = try await LogStores.open(try await TestPostgres.database(), kinds: [.postgres])
    let key = try await store.addKey(app: "ios")
    let server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: 4_096)
    func post(_ body: [UInt8], key: String?) async throws -> RawHTTPClient.Reply {
      try await RawHTTPClient.request(
        port: server.port, "/v1/logs", method: "POST", headers: key.map { [("Authorization", "Bearer \($0)")] } ?? [], body: body)
    }
    let log = StoreTestLogs.log(7)
    #expect(try await post(log, key: nil).status == 401)
    let unknown = try await post(log, key: "rfk_" + String(repeating: "a", count: 64))
    #expect(unknown.status == 401)
    #expect(try unknown.json()["error"] as? String == "the API key is not one this store knows")
    #expect(try await post(StoreTestLogs.log(8, events: 200), key: key).status == 413)
    var damaged = log
    damaged[damaged.count - 20] ^= 0x01
    let refused = try await post(damaged, key: key)
    #expect(refused.status == 422)
    #expect((try refused.json()["error"] as? String)?.hasPrefix("the log is damaged: line 3: ") == true, "\(refused.text)")
    #expect(try await store.list(StoredLogFilter()).isEmpty, "nothing refused was kept")
    #expect(try await post(log, key: key).status == 201)
    #expect(try await post(log, key: key).status == 200)
    await server.stop()
  }

  /// The database goes away and comes back while logs are uploaded: the uploads it fails are
  /// answered 500 and tried again by the uploader, and every log ends up stored, once.
  @Test func uploadsWhileTheDatabaseRestartsAreTriedAgainAndNoneIsLost() async throws {
    try await TestPostgres.withPrivateServer { url, folder in
      // NB: postgres-nio can leave a statement sent as the server goes down waiting for ever;
      //     the store gives it up at its deadline (ten seconds here, so that this test is not
      //     held for the standard minute) and the uploader tries again.
      let store = try await PostgresLogStore.open(url, answerDeadline: AnswerDeadline(limit: .seconds(10)))
      let key = try await store.addKey(app: "ios")
      let server = try await CollectServer.start(store: store, host: "127.0.0.1", port: 0, maxBytes: 1 << 20)
      let uploader = LogUploader(
        server: URL(string: "http://127.0.0.1:\(server.port)")!, key: key,
        options: .init(attempts: 40, firstDelay: .milliseconds(50), maxDelay: .milliseconds(500)))
      let before = try await (0..<10).asyncMap { try await uploader.upload(Data(StoreTestLogs.log($0)), name: "log \($0)") }
      #expect(before.filter { $0.isNew }.count == 10)
      // The pool's connections are now open; the restart breaks every one of them.
      async let restarted: Void = TestPostgres.restart(folder)
      let during = try await withThrowingTaskGroup(of: LogUploadReceipt.self) { group in
        for number in 10..<40 {
          group.addTask { try await uploader.upload(Data(StoreTestLogs.log(number)), name: "log \(number)") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      try await restarted
      let after = try await uploader.upload(Data(StoreTestLogs.log(40)), name: "log 40")
      #expect(during.count == 30 && during.filter { $0.isNew }.count == 30 && after.isNew)
      #expect(try await store.list(StoredLogFilter()).count == 41)
      #expect(try await TestPostgres.sql(url, "SELECT count(DISTINCT id) FROM refold_logs") == "41\n")
      await server.stop()
    }
  }
}

extension Sequence {
  /// `map` with an async transform, one element after another.
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
