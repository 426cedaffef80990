/// A kind of shared log store that `--store` can name by its URL's scheme, besides a folder,
/// which every tool can use.
///
/// A tool lists the kinds it links in `HostConfiguration.logStores` (Host). The PostgreSQL store is
/// one, `LogStoreKind.postgres` from the `LogStorePostgres` product:
///
/// ```swift
/// import Host
/// import LogStorePostgres
///
/// await Refold.main(HostConfiguration(features: [Counter.self], logStores: [.postgres]))
/// ```
///
/// A tool without it answers `--store postgres://…` with one line that says what to add, and
/// does not build PostgresNIO.
public struct LogStoreKind: Sendable {
  /// The URL schemes that name it (`postgres`, `postgresql`), without `://`.
  public let schemes: [String]
  /// Its URLs' form, for help texts: `postgres://USER@HOST[:PORT]/DATABASE`.
  public let urlForm: String
  /// One such URL, for the commands' examples: `postgres://refold@db/refold`.
  public let example: String
  /// Opens the store a URL of one of ``schemes`` names.
  package let open: @Sendable (String) async throws(LogStoreError) -> any LogStore

  package init(
    schemes: [String], urlForm: String, example: String,
    open: @escaping @Sendable (String) async throws(LogStoreError) -> any LogStore
  ) {
    self.schemes = schemes
    self.urlForm = urlForm
    self.example = example
    self.open = open
  }

  /// Whether `location` is a URL of one of this kind's schemes.
  package func names(_ location: String) -> Bool {
    schemes.contains { location.hasPrefix($0 + "://") }
  }
}
