package import Foundation

/// A ``LogStore`` in a folder: the default, for one machine, with no server to run.
///
/// ```
/// STORE/refold-store.json      {"format":"refold-log-store","version":1}
/// STORE/logs/ID.log            each log's bytes, whole, named by their SHA-256
/// STORE/meta/ID.json           what the store knows of it (StoredLog)
/// STORE/keys/HASH.json         an API key's app, named by the key's SHA-256
/// STORE/spool/                 uploads being checked (SpoolFolder)
/// ```
///
/// Plain files, so that every `refold` command reads a stored log where it lies
/// (`refold check STORE/logs`). Every name is made by `link(2)`, which fails when the name is
/// taken: of two uploads of the same bytes, in one process or several, exactly one stores it
/// and the other is told it is a repeat. A file is written and fsynced before it is linked,
/// and the folder fsynced after, before the upload is acknowledged.
package struct FolderLogStore: LogStore {
  package let root: URL
  package var location: String { root.path }

  /// The layout this version writes and reads.
  static let version = 1
  /// Upgrades of an older layout, each from its version to the next, in order. A store of a
  /// later version than ``version`` is refused. Version 1 is the first: none yet.
  static let migrations: [(from: Int, upgrade: @Sendable (URL) throws(LogStoreError) -> Void)] = []

  /// Opens the store at `path`, creating it when the folder is missing or empty.
  package init(path: String) throws(LogStoreError) {
    root = URL(fileURLWithPath: path).standardizedFileURL
    try Self.makeFolders(root)
    // NB: Claimed before the marker is written, which passes through the spool.
    spoolFolder = try SpoolFolder(root.appendingPathComponent("spool", isDirectory: true))
    try prepare()
  }

  /// Where uploads wait while they are checked; what a killed upload left goes as it is claimed.
  private let spoolFolder: SpoolFolder

  private func folder(_ name: String) -> URL { root.appendingPathComponent(name, isDirectory: true) }
  private var marker: URL { root.appendingPathComponent("refold-store.json") }

  /// The store's folders, once `root` is known to be a store or empty.
  private static func makeFolders(_ root: URL) throws(LogStoreError) {
    let marker = root.appendingPathComponent("refold-store.json")
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: root.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw LogStoreError.badInput("--store \(root.path) is a file, not a folder") }
      if !files.fileExists(atPath: marker.path) {
        let entries = (try? files.contentsOfDirectory(atPath: root.path)) ?? []
        guard entries.isEmpty else {
          throw LogStoreError.badInput(
            "\(root.path) is not a Refold log store: it holds files but no refold-store.json")
        }
      }
    }
    do {
      for name in ["", "logs", "meta", "keys", "spool"] {
        try files.createDirectory(
          at: root.appendingPathComponent(name, isDirectory: true), withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
    } catch {
      throw LogStoreError(.failure, "cannot create the store \(root.path): \(error.localizedDescription)")
    }
  }

  private func prepare() throws(LogStoreError) {
    let files = FileManager.default
    if !files.fileExists(atPath: marker.path) {
      let text = #"{"format":"refold-log-store","version":\#(Self.version)}"# + "\n"
      let temporary = spoolName("store")
      try DurableFile.create(temporary, Array(text.utf8))
      _ = try DurableFile.linkIfFree(temporary, marker.path)
      DurableFile.remove(temporary)
      try DurableFile.syncFolder(root.path)
    }
    try upgrade()
  }

  private func upgrade() throws(LogStoreError) {
    let object = (try? Data(contentsOf: marker)).flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
    guard object?["format"] as? String == "refold-log-store", let found = object?["version"] as? Int else {
      throw LogStoreError.badInput("\(marker.path) is not a Refold log store's marker")
    }
    guard found <= Self.version else {
      throw LogStoreError.badInput(
        "\(root.path) is a log store of version \(found), written by a newer refold; this one reads version \(Self.version)")
    }
    var version = found
    for migration in Self.migrations where migration.from == version {
      try migration.upgrade(root)
      version += 1
    }
  }

  private func spoolName(_ kind: String) -> String {
    spoolFolder.url.appendingPathComponent("\(kind)-\(UUID().uuidString)").path
  }

  package func spool(_ bytes: [UInt8]) throws(LogStoreError) -> URL {
    let path = spoolName("upload") + ".log"
    try DurableFile.create(path, bytes)
    return URL(fileURLWithPath: path)
  }

  package func put(_ file: URL, _ log: CheckedLog, app: String, appVersion: String?, device: String?) throws(LogStoreError)
    -> (log: StoredLog, isNew: Bool)
  {
    defer { DurableFile.remove(file.path) }
    _ = try DurableFile.linkIfFree(file.path, logPath(log.id))
    try DurableFile.syncFolder(folder("logs").path)
    // The metadata's name decides who stored it: the first link wins, the rest are repeats.
    let stored = StoredLog(
      id: log.id, app: app, feature: log.feature, schema: log.schema, appVersion: appVersion, device: device,
      events: log.events, firstTime: log.firstTime, lastTime: log.lastTime, bytes: log.bytes,
      uploaded: Date().timeIntervalSince1970)
    let temporary = spoolName("meta")
    try DurableFile.create(temporary, try Self.encode(stored))
    defer { DurableFile.remove(temporary) }
    guard try DurableFile.linkIfFree(temporary, metaPath(log.id)) else {
      return (try read(metaPath(log.id)), false)
    }
    try DurableFile.syncFolder(folder("meta").path)
    return (stored, true)
  }

  package func list(_ filter: StoredLogFilter) throws(LogStoreError) -> [StoredLog] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder("meta").path)
    } catch {
      throw LogStoreError(.failure, "cannot list \(folder("meta").path): \(error.localizedDescription)")
    }
    var logs: [StoredLog] = []
    for name in names where name.hasSuffix(".json") {
      let log = try read(folder("meta").appendingPathComponent(name).path)
      if filter.matches(log) { logs.append(log) }
    }
    return logs.sorted { ($0.uploaded, $0.id) < ($1.uploaded, $1.id) }
  }

  /// Where the bytes of log `id` lie.
  package func logPath(_ id: String) -> String { folder("logs").appendingPathComponent("\(id).log").path }
  private func metaPath(_ id: String) -> String { folder("meta").appendingPathComponent("\(id).json").path }

  package func addKey(app: String) throws(LogStoreError) -> String {
    try APIKey.checkAppName(app)
    let key = APIKey.make()
    let record = try Self.encode(KeyRecord(app: app, created: Date().timeIntervalSince1970))
    let temporary = spoolName("key")
    try DurableFile.create(temporary, record)
    defer { DurableFile.remove(temporary) }
    guard try DurableFile.linkIfFree(temporary, keyPath(APIKey.hash(key))) else {
      throw LogStoreError(.failure, "a new key collided with a stored one; try again")
    }
    try DurableFile.syncFolder(folder("keys").path)
    return key
  }

  package func app(forKey key: String) throws(LogStoreError) -> String? {
    guard APIKey.isWellFormed(key) else { return nil }
    let path = keyPath(APIKey.hash(key))
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw LogStoreError(.failure, "cannot read \(path): \(error.localizedDescription)")
    }
    guard let record = try? JSONDecoder().decode(KeyRecord.self, from: data) else {
      throw LogStoreError(.failure, "\(path) is not a key record")
    }
    return record.app
  }

  private func keyPath(_ hash: String) -> String { folder("keys").appendingPathComponent("\(hash).json").path }

  private struct KeyRecord: Codable {
    var app: String
    var created: Double
  }

  private func read(_ path: String) throws(LogStoreError) -> StoredLog {
    do {
      return try JSONDecoder().decode(StoredLog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw LogStoreError(.failure, "cannot read \(path): \(error)")
    }
  }

  private static func encode(_ value: some Encodable) throws(LogStoreError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do { return Array(try encoder.encode(value)) + [0x0A] } catch {
      throw LogStoreError(.failure, "cannot encode \(value): \(error)")
    }
  }
}

/// The apps' API keys: `rfk_` and 64 hex digits of randomness (256 bits). A store keeps only
/// their SHA-256: a key that random needs no salt or slow hash to stay unguessable from it.
package enum APIKey {
  package static func make() -> String {
    "rfk_" + Hex.random256()
  }

  package static func isWellFormed(_ key: String) -> Bool {
    key.utf8.count == 68 && key.hasPrefix("rfk_") && key.utf8.dropFirst(4).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  package static func hash(_ key: String) -> String {
    Hex.sha256(key.utf8)
  }

  /// An app's name: 1 to 64 letters, digits, `.`, `_` or `-`.
  package static func checkAppName(_ app: String) throws(LogStoreError) {
    let allowed = app.utf8.allSatisfy {
      (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 46 || $0 == 95 || $0 == 45
    }
    guard !app.isEmpty, app.utf8.count <= 64, allowed else {
      throw LogStoreError.usage("'\(app)' is not an app name: 1 to 64 letters, digits, '.', '_' or '-'")
    }
  }
}
