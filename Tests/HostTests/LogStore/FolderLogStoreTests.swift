import Foundation
import Testing

@testable import Host
@testable import LogStorage

/// The folder store: each log kept once by its content hash, its metadata beside it, keys
/// kept hashed, and a folder that is not a store (or one from a newer refold) refused.
struct FolderLogStoreTests {
  let directory: TemporaryDirectory
  let store: FolderLogStore

  init() throws {
    directory = try TemporaryDirectory()
    store = try FolderLogStore(path: directory.url.appendingPathComponent("store").path)
  }

  func put(_ bytes: [UInt8], app: String = "ios", device: String? = nil) throws -> (log: StoredLog, isNew: Bool) {
    let file = try store.spool(bytes)
    let checked = try CheckedLog.check(file, bytes: bytes)
    return try store.put(file, checked, app: app, appVersion: "1.0", device: device)
  }

  @Test func aLogIsKeptOnceWithWhatItsLinesSay() throws {
    let bytes = StoreTestLogs.log(1, events: 3)
    let first = try put(bytes, device: "tester-1")
    #expect(first.isNew)
    #expect(first.log.feature == "amountInput" && first.log.schema == 1 && first.log.events == 3)
    #expect(first.log.firstTime == 1_795_000_001 && first.log.lastTime == 1_795_000_003)
    #expect(first.log.id.count == 64 && first.log.bytes == bytes.count)
    let again = try put(bytes, app: "android", device: "tester-2")
    #expect(!again.isNew)
    #expect(again.log == first.log, "a repeat answers with what was stored the first time")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.logPath(first.log.id))) == Data(bytes))
    #expect(try store.list(StoredLogFilter()).map(\.id) == [first.log.id])
    let spool = try SpoolLeftoverTests.spooled(store.root.path)
    #expect(spool.isEmpty, "nothing is left in the spool: \(spool)")
  }

  @Test func aListingFiltersByEachKeyAndComparesValuesWhole() throws {
    _ = try put(StoreTestLogs.log(1), app: "ios", device: "a")
    _ = try put(StoreTestLogs.log(2), app: "android", device: "b")
    func ids(_ conditions: [String]) throws -> Int {
      var filter = StoredLogFilter()
      for condition in conditions { try filter.add(condition) }
      return try store.list(filter).count
    }
    #expect(try ids([]) == 2)
    #expect(try ids(["app=ios"]) == 1)
    #expect(try ids(["device=b", "feature=amountInput"]) == 1)
    #expect(try ids(["schema=2"]) == 0)
    #expect(try ids(["app=ios' OR '1'='1"]) == 0)
    #expect(try ids(["feature=%"]) == 0)
    var filter = StoredLogFilter()
    #expect(throws: LogStoreError.self) { try filter.add("color=red") }
    #expect(throws: LogStoreError.self) { try filter.add("schema=two") }
    #expect(throws: LogStoreError.self) { try filter.since("yesterday") }
    try filter.since("2999-01-01")
    #expect(try store.list(filter).isEmpty)
  }

  @Test func keysAreKeptHashedAndOnlyAKnownKeyNamesItsApp() throws {
    let key = try store.addKey(app: "ios-beta")
    #expect(key.hasPrefix("rfk_") && key.count == 68)
    #expect(try store.app(forKey: key) == "ios-beta")
    #expect(try store.app(forKey: "rfk_" + String(repeating: "0", count: 64)) == nil)
    #expect(try store.app(forKey: "not a key") == nil)
    #expect(try store.app(forKey: "../../etc/passwd") == nil)
    let keys = store.root.appendingPathComponent("keys")
    for name in try FileManager.default.contentsOfDirectory(atPath: keys.path) {
      let text = try String(contentsOf: keys.appendingPathComponent(name), encoding: .utf8)
      #expect(!text.contains(key.dropFirst(4)) && !name.contains(key.dropFirst(4)), "the key itself is not kept")
    }
    #expect(throws: LogStoreError.self) { try store.addKey(app: "") }
    #expect(throws: LogStoreError.self) { try store.addKey(app: "a/b") }
  }

  @Test func aDamagedOrTruncatedLogIsRefusedWithItsReason() throws {
    var damaged = StoreTestLogs.log(1)
    damaged[damaged.count - 20] ^= 0x01
    let file = try store.spool(damaged)
    let error = #expect(throws: LogStoreError.self) { try CheckedLog.check(file, bytes: damaged) }
    #expect(error?.message.hasPrefix("the log is damaged: line 3: ") == true, "\(String(describing: error))")
    #expect(error?.message.contains(store.root.path) == false, "the store's paths stay its own")

    let whole = StoreTestLogs.log(1)
    let cut = Array(whole.dropLast(5))
    let truncated = #expect(throws: LogStoreError.self) { try CheckedLog.check(try store.spool(cut), bytes: cut) }
    #expect(truncated?.message.hasPrefix("the log is truncated: ") == true, "\(String(describing: truncated))")
    #expect(throws: LogStoreError.self) { try CheckedLog.check(try store.spool([]), bytes: []) }
  }

  @Test func aFolderThatIsNotAStoreOrIsANewerOneIsRefused() throws {
    let folder = directory.url.appendingPathComponent("notes").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try directory.file("notes/readme.txt", "hello")
    let error = #expect(throws: LogStoreError.self) { try FolderLogStore(path: folder) }
    #expect(error?.message == "\(folder) is not a Refold log store: it holds files but no refold-store.json")

    let marker = store.root.appendingPathComponent("refold-store.json")
    try FileManager.default.removeItem(at: marker)
    try Data(#"{"format":"refold-log-store","version":2}"#.utf8).write(to: marker)
    let newer = #expect(throws: LogStoreError.self) { try FolderLogStore(path: store.root.path) }
    #expect(newer?.message.contains("version 2, written by a newer refold; this one reads version 1") == true)
  }
}
