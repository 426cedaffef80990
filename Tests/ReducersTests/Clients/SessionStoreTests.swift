import Foundation
import Testing

@testable import Reducers

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

private let son = Session(token: "jwt-son", id: 1, email: "son@example.com", username: "son")
private let minji = Session(token: "jwt-민지", id: 2, email: "minji@example.com", username: "민지")

struct InMemorySessionStoreTests {
  @Test func startsEmptyByDefault() async throws {
    #expect(try await SessionStore.inMemory().load() == nil)
  }

  @Test func startsWithTheInitialSession() async throws {
    #expect(try await SessionStore.inMemory(son).load() == son)
  }

  @Test func saveReplacesAndClearForgets() async throws {
    let store = SessionStore.inMemory(son)
    try await store.save(minji)
    #expect(try await store.load() == minji)
    try await store.clear()
    #expect(try await store.load() == nil)
    try await store.clear()
    #expect(try await store.load() == nil)
  }

  @Test func eachStoreIsIndependent() async throws {
    let first = SessionStore.inMemory()
    let second = SessionStore.inMemory()
    try await first.save(son)
    #expect(try await second.load() == nil)
  }

  @Test func concurrentSavesLeaveOneOfTheSessions() async throws {
    let store = SessionStore.inMemory()
    await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { try await store.save(index.isMultiple(of: 2) ? son : minji) }
      }
    }
    let kept = try await store.load()
    #expect(kept == son || kept == minji)
  }
}

/// A fresh folder under the system's temporary directory, removed afterwards.
private func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("refold-session-tests-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try await body(folder)
}

private func permissions(_ url: URL) throws -> Int {
  var info = stat()
  guard stat(url.path, &info) == 0 else { throw POSIXError(.ENOENT) }
  return Int(info.st_mode) & 0o777
}

struct LiveSessionStoreTests {
  @Test func savedSessionLoadsBack() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("refold/session.json")
      let store = SessionStore.live(fileURL: file)
      #expect(try await store.load() == nil)
      try await store.save(minji)
      #expect(try await store.load() == minji)
      #expect(try await SessionStore.live(fileURL: file).load() == minji)
    }
  }

  @Test func fileIsReadableByItsOwnerOnly() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("nested/refold/session.json")
      try await SessionStore.live(fileURL: file).save(son)
      #expect(try permissions(file) == 0o600)
      #expect(try permissions(file.deletingLastPathComponent()) == 0o700)
    }
  }

  @Test func saveReplacesAWiderFileWithAPrivateOne() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("session.json")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o644]))
      try await SessionStore.live(fileURL: file).save(son)
      #expect(try permissions(file) == 0o600)
      #expect(try await SessionStore.live(fileURL: file).load() == son)
    }
  }

  @Test func saveLeavesNoTemporaryFilesBehind() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("session.json")
      let store = SessionStore.live(fileURL: file)
      for session in [son, minji, son] { try await store.save(session) }
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.json"])
    }
  }

  @Test func clearRemovesTheFileAndClearingTwiceIsFine() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("session.json")
      let store = SessionStore.live(fileURL: file)
      try await store.save(son)
      try await store.clear()
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(try await store.load() == nil)
      try await store.clear()
    }
  }

  @Test func corruptFileThrowsAnErrorNamingThePath() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("session.json")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("not json".utf8).write(to: file)
      let error = await #expect(throws: SessionStoreError.self) {
        _ = try await SessionStore.live(fileURL: file).load()
      }
      #expect(error?.path == file.path)
      #expect(error?.description.contains("session.json") == true)
    }
  }

  #if !canImport(Darwin)
    @Test func defaultFileFollowsXDGDataHome() {
      let url = SessionStore.defaultFileURL(environment: ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"])
      #expect(url.path == "/data/me/refold/session.json")
    }

    @Test func defaultFileFallsBackToLocalShare() {
      let url = SessionStore.defaultFileURL(environment: ["HOME": "/home/me"])
      #expect(url.path == "/home/me/.local/share/refold/session.json")
    }

    @Test func relativeXDGDataHomeIsIgnored() {
      let url = SessionStore.defaultFileURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/me"])
      #expect(url.path == "/home/me/.local/share/refold/session.json")
    }
  #endif
}
