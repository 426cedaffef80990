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
}
