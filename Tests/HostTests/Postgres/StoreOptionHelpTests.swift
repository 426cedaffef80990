import Testing

/// `refold` links the PostgreSQL store (`logStores: [.postgres]`), so its `--store` help names it.
/// A tool that does not offers a folder only: Examples/Counter's check holds counter-tool to that,
/// and so does a build without the store (REFOLD_WITHOUT_POSTGRES), which leaves this file out.
struct StoreOptionHelpTests {
  @Test func theStoreOptionsHelpNamesThePostgresStore() async throws {
    for command in [["store", "list"], ["store", "key", "add"], ["collect"], ["check"]] {
      let help = try await RefoldProcess.run(command + ["--help"])
      #expect(help.status == 0, "\(help.stderr)")
      let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains("a folder, or postgres://USER@HOST[:PORT]/DATABASE."), "\(command): \(help.stdout)")
    }
  }

  /// The examples of a shared check and of collecting into PostgreSQL are shown by a tool that
  /// links the store, and only by one (Examples/Counter's check holds counter-tool to that).
  @Test func theExamplesOfASharedStoreNameThePostgresStore() async throws {
    let check = try await RefoldProcess.run(["check", "--help"])
    #expect(check.stdout.contains("refold check --store postgres://refold@db/refold --run b813 --compare-to b812"), "\(check.stdout)")
    let collect = try await RefoldProcess.run(["collect", "--help"])
    #expect(collect.stdout.contains("refold collect --listen 0.0.0.0:8400 --store postgres://refold@db/refold"), "\(collect.stdout)")
  }
}
