import Foundation
import IssueReporting
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// A value kept in a file: read when first made, written after each change, and changed by
/// another process only through a logged action.
@MainActor
struct FileSharedStateTests {
  let folder = TemporaryFolder()

  func theme(in file: URL) throws -> Theme {
    try JSONDecoder().decode(Theme.self, from: Data(contentsOf: file))
  }

  @Test func theFileIsReadWhenFirstMadeAndWrittenAfterEachChange() async throws {
    let file = folder.file("theme.json")
    try JSONEncoder().encode(Theme(dark: true, accent: "red")).write(to: file)
    try SharedValues().withValues { () throws in
      let store = Store(initialState: Appearance.State(file: file), reducer: Appearance())
      #expect(store.state.theme == Theme(dark: true, accent: "red"))
      store.send(.toggleDark)
      #expect(try theme(in: file) == Theme(dark: false, accent: "red"))
    }
  }

  @Test func aMissingFileStartsAtTheDefaultAndIsMadeAtTheFirstChange() async throws {
    let file = folder.file("theme.json")
    try SharedValues().withValues { () throws in
      let store = Store(initialState: Appearance.State(file: file), reducer: Appearance())
      #expect(store.state.theme == Theme(dark: false, accent: "blue"))
      #expect(!FileManager.default.fileExists(atPath: file.path))
      store.send(.toggleDark)
      #expect(try theme(in: file) == Theme(dark: true, accent: "blue"))
    }
  }

  @Test func aMissingFolderIsMadeAtTheFirstWrite() async throws {
    let file = folder.file("Application Support/Refold/theme.json")
    try SharedValues().withValues { () throws in
      let store = Store(initialState: Appearance.State(file: file), reducer: Appearance())
      store.send(.toggleDark)
      #expect(try theme(in: file) == Theme(dark: true, accent: "blue"))
    }
  }

  @Test func underATestRunnerAStoreKeepsAFileBackedValueInMemory() async throws {
    // Issue 49, point 2: without a registry of the test's own, the store's registry reads and
    // writes no file: the app's data is safe, and the next test starts afresh.
    let file = folder.file("theme.json")
    try JSONEncoder().encode(Theme(dark: true, accent: "red")).write(to: file)
    let missing = folder.file("no such folder/theme.json")
    for path in [file, missing] {
      let store = TestStore(initialState: Appearance.State(file: path), reducer: Appearance())
      await store.send(.toggleDark) { $0.theme.dark = true }
      #expect(store.state.theme == Theme(dark: true, accent: "blue"))
      await store.finish()
    }
    #expect(try theme(in: file) == Theme(dark: true, accent: "red"))
    #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
  }

  @Test func anOutsideChangeEntersAsALoggedActionThatReplays() async throws {
    let file = folder.file("theme.json")
    let logFile = folder.file("appearance.log")
    let shared = SharedValues()
    let live = try await shared.withValues { () async throws -> Appearance.State in
      let recorder = try Recorder<Appearance.State, Appearance.Action>(
        file: logFile, feature: "appearance", initialState: Appearance.State(file: file),
        options: RecorderOptions(fsync: .never))
      let store = Store(initialState: Appearance.State(file: file), reducer: Appearance(), plugins: [recorder])
      store.send(.toggleDark)
      #expect(shared.checkFiles() == 0)
      // Another process rewrites the file.
      try JSONEncoder().encode(Theme(dark: false, accent: "green")).write(to: file)
      #expect(shared.checkFiles() == 1)
      #expect(store.state.theme == Theme(dark: false, accent: "green"))
      #expect(shared.checkFiles() == 0)
      try await recorder.close()
      return store.state
    }
    let text = try String(contentsOf: logFile, encoding: .utf8)
    let escapedPath = file.path.replacingOccurrences(of: "/", with: #"\/"#)
    // The change carries the value as its type encodes it (`Theme`: `dark`, then `accent`).
    #expect(text.contains(#""action":{"shared":{"_0":{"key":"file:\#(escapedPath)","value":{"dark":false,"accent":"green"}}}}"#), "\(text)")
    // The replay takes the change from the log: the file may say anything by now.
    try JSONEncoder().encode(Theme(dark: true, accent: "black")).write(to: file)
    let replayed = try Replayer(reducer: Appearance()).replay(file: logFile)
    #expect(replayed.state == live)
    #expect(try theme(in: file) == Theme(dark: true, accent: "black"))
  }

  @Test func aFileThatIsNotAValidValueIsReportedAndChangesNothing() async throws {
    let file = folder.file("theme.json")
    let shared = SharedValues()
    try shared.withValues { () throws in
      let store = Store(initialState: Appearance.State(file: file), reducer: Appearance())
      store.send(.toggleDark)
      try Data("{not json".utf8).write(to: file)
      withKnownIssue {
        #expect(shared.checkFiles() == 0)
      } matching: { issue in
        issue.description.contains(file.path) && issue.description.contains("not a valid Theme")
      }
      #expect(store.state.theme == Theme(dark: true, accent: "blue"))
      #expect(store.commitCount == 1)
    }
  }

  @Test func anInvalidFileAtStartIsReportedAndTheDefaultIsUsed() async throws {
    let file = folder.file("theme.json")
    try Data("[]".utf8).write(to: file)
    SharedValues().withValues {
      withKnownIssue {
        let state = Appearance.State(file: file)
        #expect(state.theme == Theme(dark: false, accent: "blue"))
      } matching: { issue in
        issue.description.contains(file.path) && issue.description.contains("is not a valid Theme")
      }
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "[]")
  }

  @Test func aReducerWithoutSharedReducerIsToldToAddIt() async throws {
    let file = folder.file("theme.json")
    let shared = SharedValues()
    try shared.withValues { () throws in
      let store = Store(initialState: Appearance.State(file: file), reducer: ForgetfulAppearance())
      try JSONEncoder().encode(Theme(dark: true, accent: "pink")).write(to: file)
      withKnownIssue {
        shared.checkFiles()
      } matching: { issue in
        issue.description.contains("add SharedReducer()")
      }
      #expect(store.commitCount == 1)
    }
  }
}
