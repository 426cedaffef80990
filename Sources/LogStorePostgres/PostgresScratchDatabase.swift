import Foundation
import Logging
package import LogStorage
import PostgresNIO

/// A database of its own on the server a `postgres://` URL names, made for a measurement and
/// dropped after it: `refold bench`'s store workloads write hundreds of logs and check runs,
/// which must not land in a team's store.
package struct PostgresScratchDatabase: Sendable {
  /// The new database's URL: the given one, with its database replaced.
  package let url: String
  /// The new database's name: `refold_bench_` and 12 hex digits.
  package let name: String
  private let server: PostgresConnection.Configuration
  private let shown: String

  /// Makes the database, through a connection to the one `url` names. The user needs the
  /// `CREATEDB` privilege.
  package static func make(on url: String) async throws(LogStoreError) -> PostgresScratchDatabase {
    let (client, shown) = try PostgresLogStore.configuration(url)
    guard var components = URLComponents(string: url) else { throw LogStoreError.usage("--store \(url): not a URL") }
    let name = "refold_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
    components.path = "/" + name
    guard let scratchURL = components.string else { throw LogStoreError.usage("--store \(url): not a URL") }
    var server = PostgresConnection.Configuration(
      host: client.host ?? "127.0.0.1", port: client.port ?? 5432, username: client.username,
      password: client.password, database: client.database, tls: .disable)
    server.options.connectTimeout = .init(client.options.connectTimeout)
    let database = PostgresScratchDatabase(url: scratchURL, name: name, server: server, shown: shown)
    // NB: A name is not a bound parameter in PostgreSQL's grammar; this one is ours, made of
    //     [a-z0-9_] above, so it goes into the statement as it is.
    try await database.execute("CREATE DATABASE \(name)", "cannot make a scratch database (the user needs CREATEDB)")
    return database
  }

  /// Drops the database, ending any connection still open to it.
  package func drop() async throws(LogStoreError) {
    try await execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", "cannot drop the scratch database \(name)")
  }

  private func execute(_ statement: String, _ what: String) async throws(LogStoreError) {
    let connection: PostgresConnection
    do {
      connection = try await PostgresConnection.connect(configuration: server, id: 0, logger: PostgresLogStore.quiet)
    } catch let error as PSQLError {
      throw LogStoreError(.failure, "\(shown): cannot connect: \(PostgresLogStore.plainConnectionError(PostgresLogStore.describe(error)))")
    } catch {
      throw LogStoreError(.failure, "\(shown): cannot connect: \(error)")
    }
    do {
      try await connection.query(PostgresQuery(unsafeSQL: statement), logger: PostgresLogStore.quiet)
      try? await connection.close()
    } catch {
      try? await connection.close()
      let said = (error as? PSQLError).map(PostgresLogStore.describe) ?? "\(error)"
      throw LogStoreError(.failure, "\(shown): \(what): \(said)")
    }
  }
}
