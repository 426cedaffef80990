public import LogStorage

extension LogStoreKind {
  /// The PostgreSQL log store: `--store postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
  /// (or `postgresql://`). The tool creates and upgrades its tables itself.
  ///
  /// ```swift
  /// await Refold.main(HostConfiguration(features: [Counter.self], logStores: [.postgres]))
  /// ```
  public static let postgres = LogStoreKind(
    schemes: ["postgres", "postgresql"], urlForm: "postgres://USER@HOST[:PORT]/DATABASE",
    example: "postgres://refold@db/refold"
  ) {
    (url: String) async throws(LogStoreError) -> any LogStore in
    try await PostgresLogStore.open(url)
  }
}
