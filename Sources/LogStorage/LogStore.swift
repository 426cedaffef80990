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
  func put(_ file: URL, _ log: CheckedLog, app: String, appVersion: String?, device: String?) async throws(LogStoreError)
    -> (log: StoredLog, isNew: Bool)

  /// Writes an upload's bytes where ``put(_:_:app:appVersion:device:)`` can take them from.
  func spool(_ bytes: [UInt8]) throws(LogStoreError) -> URL

  /// The logs that pass `filter`, oldest upload first.
  func list(_ filter: StoredLogFilter) async throws(LogStoreError) -> [StoredLog]

  /// A new API key for `app`, returned once: only its hash is kept.
  func addKey(app: String) async throws(LogStoreError) -> String

  /// The app `key` belongs to; nil for a key the store does not know.
  func app(forKey key: String) async throws(LogStoreError) -> String?
}
