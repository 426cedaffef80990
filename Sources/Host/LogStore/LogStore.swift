package import Foundation

/// Where logs from many machines are kept: each log's bytes whole, deduplicated by their
/// content hash, its metadata (``StoredLog``) beside them, and the apps' API keys, hashed.
///
/// One interface, so that `refold collect`, `refold store` and the uploads they take work the
/// same on every back-end. ``FolderLogStore`` is the one that needs no server.
package protocol LogStore: Sendable {
  /// Where it is, for messages: a folder's path.
  var location: String { get }

  /// Keeps the checked log at `file` (a file this store's ``spool(_:)`` wrote), unless the
  /// same bytes are kept already. The file is gone afterwards either way.
  ///
  /// - Returns: the stored log, and whether this call stored it (false: a repeat).
  func put(_ file: URL, _ log: CheckedLog, app: String, appVersion: String?, device: String?) async throws(HostError)
    -> (log: StoredLog, isNew: Bool)

  /// Writes an upload's bytes where ``put(_:_:app:appVersion:device:)`` can take them from.
  func spool(_ bytes: [UInt8]) throws(HostError) -> URL

  /// The logs that pass `filter`, oldest upload first.
  func list(_ filter: StoredLogFilter) async throws(HostError) -> [StoredLog]

  /// A new API key for `app`, returned once: only its hash is kept.
  func addKey(app: String) async throws(HostError) -> String

  /// The app `key` belongs to; nil for a key the store does not know.
  func app(forKey key: String) async throws(HostError) -> String?
}

/// The stores `--store` can name.
package enum LogStores {
  /// Opens the store `--store` names: one of `kinds` (``HostConfiguration/logStores``; a
  /// PostgreSQL database for `postgres://…`), or a folder (created when missing or empty).
  package static func open(
    _ location: String, kinds: [LogStoreKind] = HostConfiguration.current.logStores
  ) async throws(HostError) -> any LogStore {
    guard !location.isEmpty else { throw HostError.usage("--store needs a folder or a store's URL (\(expected(kinds)))") }
    if let kind = kinds.first(where: { $0.names(location) }) { return try await kind.open(location) }
    if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
      throw HostError.usage(
        "--store \(location): \(HostConfiguration.current.commandName) was built without the PostgreSQL log store: \(linkPostgres)"
      )
    }
    if location.contains("://") {
      guard location.hasPrefix("file://"), let url = URL(string: location), url.isFileURL else {
        throw HostError.usage("--store \(location): expected \(expected(kinds))")
      }
      return try FolderLogStore(path: url.path)
    }
    return try FolderLogStore(path: location)
  }

  /// What a tool without the PostgreSQL store must do to take `postgres://` (one wording for
  /// every message that says so).
  package static var linkPostgres: String {
    "link the LogStorePostgres product and add `logStores: [.postgres]` to its HostConfiguration"
  }

  /// What `--store` takes, in a message: `a folder, a file:// URL or a postgres:// URL`.
  private static func expected(_ kinds: [LogStoreKind]) -> String {
    let choices = ["a folder"] + (["file"] + kinds.compactMap(\.schemes.first)).map { "a \($0):// URL" }
    return choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
  }
}
