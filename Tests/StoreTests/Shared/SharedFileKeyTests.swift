import Foundation
import Testing

@testable import StoreCore

/// How a file-backed key is named in logs: from the app's standard folder that holds its file,
/// so that a log recorded in one app container replays in another.
struct SharedFileKeyTests {
  let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]

  @Test func aFileInTheDocumentsFolderIsNamedFromIt() throws {
    let file = documents.appendingPathComponent("refold").appendingPathComponent("standups.json")
    let key = SharedKey<[Int]>.fileStorage(file)
    #expect(key.id == "file:~documents/refold/standups.json")
    #expect(key.file == file.standardizedFileURL)
    // A log's id gives the same key back, and the same file in this process.
    let read = try #require(SharedKey<[Int]>(id: key.id))
    #expect(read == key)
    #expect(read.file == key.file)
  }

  @Test func aLogThatNamedTheWholePathGivesTheSameKey() throws {
    // Written before ids named a standard folder's file from the folder.
    let whole = "file:" + documents.standardizedFileURL.path + "/refold/standups.json"
    let read = try #require(SharedKey<[Int]>(id: whole))
    #expect(read.id == "file:~documents/refold/standups.json")
  }

  @Test func aFileElsewhereIsNamedByItsWholePath() throws {
    let file = URL(fileURLWithPath: "/srv/refold-tests/settings.json")
    let key = SharedKey<[Int]>.fileStorage(file)
    #expect(key.id == "file:/srv/refold-tests/settings.json")
    #expect(SharedKey<[Int]>(id: key.id)?.file == file)
  }

  @Test func aFolderThisProcessDoesNotKnowIsNotAKey() throws {
    #expect(SharedKey<[Int]>(id: "file:~music/list.json") == nil)
    // A state that names one does not decode, and says what a key may be.
    struct Holder: Codable { @Shared var list: [Int] }
    let json = Data(#"{"list":{"shared":"file:~music/list.json","value":[1]}}"#.utf8)
    #expect {
      try JSONDecoder().decode(Holder.self, from: json)
    } throws: { error in
      "\(error)".contains(#""file:~music/list.json" is not a shared key"#) && "\(error)".contains("documents")
    }
  }
}
