import Foundation
import Testing

@testable import Host
@testable import LogStorage

/// What `--store` opens, by the kinds a tool links (``HostConfiguration/logStores``): a folder
/// always; a URL of a kind the tool lacks is refused in one line that says what to link.
struct LogStoresTests {
  @Test func aFolderOpensInAToolWithNoOtherKind() async throws {
    let directory = try TemporaryDirectory()
    let store = try await LogStores.open(directory.url.appendingPathComponent("store").path, kinds: [])
    #expect(store is FolderLogStore)
    let viaURL = try await LogStores.open("file://" + directory.url.appendingPathComponent("other").path, kinds: [])
    #expect(viaURL is FolderLogStore)
  }

  @Test func aPostgresURLInAToolWithoutThatKindSaysWhatToLink() async throws {
    let refused = await #expect(throws: HostError.self) {
      try await HostConfiguration.$current.withValue(HostConfiguration(commandName: "counter-tool")) {
        _ = try await LogStores.open("postgres://refold@127.0.0.1/refold")
      }
    }
    #expect(
      refused?.description
        == "--store postgres://refold@127.0.0.1/refold: counter-tool was built without the PostgreSQL log store: link the LogStorePostgres product and add `logStores: [.postgres]` to its HostConfiguration"
    )
  }

  @Test func aKindTheToolLinksOpensItsURLs() async throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url.appendingPathComponent("mem").path
    let opened = LockedURLs()
    let kind = LogStoreKind(schemes: ["mem"], urlForm: "mem://NAME", example: "mem://here") { (url: String) async throws(LogStoreError) -> any LogStore in
      opened.append(url)
      return try FolderLogStore(path: folder)
    }
    _ = try await LogStores.open("mem://here", kinds: [kind])
    #expect(opened.all == ["mem://here"])
    let unknown = await #expect(throws: HostError.self) { _ = try await LogStores.open("s3://bucket/logs", kinds: [kind]) }
    #expect(unknown?.description == "--store s3://bucket/logs: expected a folder, a file:// URL or a mem:// URL")
  }
}

/// The URLs a test kind was asked to open.
private final class LockedURLs: @unchecked Sendable {
  // NB: Unchecked: every access holds `lock`.
  private let lock = NSLock()
  private var urls: [String] = []
  func append(_ url: String) { lock.withLock { urls.append(url) } }
  var all: [String] { lock.withLock { urls } }
}
