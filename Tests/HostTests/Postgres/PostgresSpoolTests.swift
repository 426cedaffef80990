import Foundation
import Testing

/// A PostgreSQL store's uploads wait in this user's spool under the temporary folder
/// (`refold-store-spool-UID`), outside the database. What a killed collector left there is
/// gone once the next `collect` has started, as with a folder store (SpoolLeftoverTests).
@Suite(.serialized)
struct PostgresSpoolTests {
  @Test func aKilledUploadIsGoneOnceTheCollectorStartsAgain() async throws {
    let url = try await TestPostgres.database()
    let keyRun = try await RefoldProcess.run(["store", "key", "add", "ios", "--store", url])
    #expect(keyRun.status == 0, "\(keyRun.stderr)")
    let key = keyRun.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    // A temporary folder of the test's own: the user's spool is shared by every process of the
    // user, and one that another test's collector holds keeps what is less than an hour old.
    let temporary = try TemporaryDirectory()
    let shell = "export TMPDIR='\(temporary.url.path)'"
    let spool = temporary.url.appendingPathComponent("refold-store-spool-\(getuid())")

    let leftInSpool = try await SpoolLeftoverTests.killMidUpload(["collect", "--store", url], shell: shell, key: key, spool: spool)
    #expect(leftInSpool, "in three tries, the collector stored the upload before the kill: nothing left to clean up")

    let (again, _) = try await startRefold(["collect", "--store", url], firstLineHolding: "/v1/logs", shell: shell)
    #expect(try SpoolLeftoverTests.spooled(spool) == [])
    again.process.terminate()
    _ = try await offThePool { again.wait() }
  }
}
