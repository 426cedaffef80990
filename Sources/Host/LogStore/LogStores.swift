import Foundation
package import LogStorage

/// The stores `--store` can name.
package enum LogStores {
  /// Opens the store `--store` names: one of `kinds` (``HostConfiguration/logStores``; a
  /// PostgreSQL database for `postgres://…`), or a folder (created when missing or empty).
  package static func open(
    _ location: String, kinds: [LogStoreKind] = HostConfiguration.current.logStores
  ) async throws(HostError) -> any LogStore {
    guard !location.isEmpty else { throw HostError.usage("--store needs a folder or a store's URL (\(expected(kinds)))") }
    if let kind = kinds.first(where: { $0.names(location) }) {
      return try await HostError.fromStore { () async throws(LogStoreError) in try await kind.open(location) }
    }
    if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
      throw HostError.usage(
        "--store \(location): \(HostConfiguration.current.commandName) was built without the PostgreSQL log store: \(linkPostgres)"
      )
    }
    if location.contains("://") {
      guard location.hasPrefix("file://"), let url = URL(string: location), url.isFileURL else {
        throw HostError.usage("--store \(location): expected \(expected(kinds))")
      }
      return try HostError.fromStore { () throws(LogStoreError) in try FolderLogStore(path: url.path) }
    }
    return try HostError.fromStore { () throws(LogStoreError) in try FolderLogStore(path: location) }
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
