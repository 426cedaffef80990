import Foundation
import Testing

@testable import Host
@testable import LogStorage

/// What an upload leaves in a folder store's spool when it fails or its collector is killed:
/// nothing, once the collector has started again.
@Suite(.serialized)
struct SpoolLeftoverTests {
  /// The spool's entries but its lock.
  static func spooled(_ spool: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: spool.path).filter { $0 != SpoolFolder.lockName }.sorted()
  }

  static func spooled(_ store: String) throws -> [String] {
    try spooled(URL(fileURLWithPath: store + "/spool"))
  }

  /// The port in `refold collect`'s first line (`… http://127.0.0.1:PORT/v1/logs into …`).
  static func port(_ line: String) throws -> Int {
    let start = try #require(line.range(of: "http://"))
    let end = try #require(line.range(of: "/v1/logs"))
    return try #require(URL(string: String(line[start.lowerBound..<end.lowerBound]))?.port)
  }

  static func addKey(_ store: String) async throws -> String {
    let key = try await RefoldProcess.run(["store", "key", "add", "ios", "--store", store])
    #expect(key.status == 0, "\(key.stderr)")
    return key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `refold collect` killed with SIGKILL while an upload lies in its spool (written, being
  /// checked), then started again.
  @Test func aKilledUploadIsGoneOnceTheCollectorStartsAgain() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let key = try await Self.addKey(store)
    let spool = URL(fileURLWithPath: store + "/spool")
    let leftInSpool = try await Self.killMidUpload(["collect", "--store", store], key: key, spool: spool)
    #expect(leftInSpool, "in three tries, the collector stored the upload before the kill: nothing left to clean up")

    let (again, _) = try await startRefold(["collect", "--store", store], firstLineHolding: "/v1/logs")
    #expect(try Self.spooled(spool) == [])
    again.process.terminate()
    _ = try await offThePool { again.wait() }
  }

  /// Starts `collect` (with `shell` first), posts a log of about 120 MB (large enough that
  /// writing and checking it takes the collector a while), and kills the collector with
  /// SIGKILL once the upload appears in `spool`. Whether the upload was left there.
  ///
  /// On a loaded machine the collector may have checked and stored the upload before the kill
  /// lands, which leaves nothing to clean up and tests nothing: such a try is made again, up
  /// to three times in all.
  static func killMidUpload(_ collect: [String], shell: String? = nil, key: String, spool: URL) async throws -> Bool {
    let log = StoreTestLogs.log(1, events: 1_000_000)
    for _ in 1...3 {
      let (first, line) = try await startRefold(
        collect + ["--max-bytes", "\(256 << 20)"], firstLineHolding: "/v1/logs", shell: shell)
      let port = try SpoolLeftoverTests.port(line)
      let watch = try FolderWatch(spool)
      let upload = Task {
        try await RawHTTPClient.request(
          port: port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(key)")], body: log)
      }
      _ = await watch.waitForEntry { $0.hasPrefix("upload-") }
      kill(first.process.processIdentifier, SIGKILL)
      _ = try await offThePool { first.wait() }
      _ = await upload.result
      if try spooled(spool).contains(where: { $0.hasPrefix("upload-") }) { return true }
    }
    return false
  }

  /// A collector that cannot write an upload whole (its files are limited to 64 KiB, as a full
  /// disk would stop it) answers 500 and keeps no part of it, and takes the next one.
  @Test(.enabled(if: Sanitizer.fileSizeLimitsWork, "ThreadSanitizer cannot start under a file-size limit"))
  func anUploadThatCannotBeWrittenLeavesNoFile() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let key = try await Self.addKey(store)
    // NB: SIGXFSZ ignored, the write past the limit fails with EFBIG instead of killing it.
    let (child, line) = try await startRefold(
      ["collect", "--store", store], firstLineHolding: "/v1/logs", shell: "ulimit -f 128; trap '' XFSZ")
    let port = try SpoolLeftoverTests.port(line)

    let tooLarge = try await RawHTTPClient.request(
      port: port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(key)")],
      body: StoreTestLogs.log(1, events: 2_000))
    #expect(tooLarge.status == 500, "\(tooLarge.text)")
    #expect(tooLarge.text.contains("cannot write"), "\(tooLarge.text)")
    #expect(try Self.spooled(store) == [])
    let small = try await RawHTTPClient.request(
      port: port, "/v1/logs", method: "POST", headers: [("Authorization", "Bearer \(key)")], body: StoreTestLogs.log(2))
    #expect(small.status == 201, "\(small.text)")
    #expect(try Self.spooled(store) == [])
    child.process.terminate()
    _ = try await offThePool { child.wait() }
  }

  /// While another process (here another opening) has the store, its uploads in flight stay;
  /// once none has, what is left goes.
  @Test func anotherOpeningsUploadsStay() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("store").path
    var holder: FolderLogStore? = try FolderLogStore(path: path)
    let inFlight = try holder!.spool(StoreTestLogs.log(1))
    _ = try FolderLogStore(path: path)
    #expect(FileManager.default.fileExists(atPath: inFlight.path))
    holder = nil
    // The first opening's lock is gone once its descriptor closes, except while a process this
    // test process starts for another test is between its fork and its exec: the child holds
    // every descriptor for that instant (flock belongs to the open file, not the descriptor),
    // and an opening then takes the store as still held. Another opening after that instant
    // sweeps; a lock that stays held would fail all of them.
    var openings = 0
    repeat {
      _ = try FolderLogStore(path: path)
      openings += 1
    } while try !Self.spooled(path).isEmpty && openings < 1_000
    #expect(try Self.spooled(path) == [], "after \(openings) openings")
  }
}
