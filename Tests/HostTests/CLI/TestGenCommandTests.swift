import Demo
import EventLog
import Foundation
import IssueReporting
import Reducers
import Store
import Testing

@testable import Host

/// `refold test-gen`: the file it writes compiles and passes (`Generated/` holds one, written
/// from a live session with effects, and this suite checks that the command still writes it
/// byte for byte), and fails with a diff once the reducer changes.
@Suite(.serialized)
struct TestGenCommandTests {
  private static let committed = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Generated/MusicSearchSessionTests.swift")

  @Test func theCommandWritesTheCommittedTestFromALiveSession() async throws {
    let backend = try await DemoBackend.start()
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("music-search.log").path
    let run = try await RefoldProcess.run(
      ["run", "musicSearch", "--base-url", backend.baseURL.absoluteString, "--wait-each", "--record", log],
      stdin: #"{"queryChanged":{"_0":"b"}}"# + "\n" + #"{"queryChanged":{"_0":"bo"}}"# + "\n")
    await backend.stop()
    #expect(run.status == 0, "\(run.stderr)")

    let generated = try await RefoldProcess.run(["test-gen", log, "--name", "musicSearchSession"])
    #expect(generated.status == 0, "\(generated.stderr)")
    let expected = try String(contentsOf: Self.committed, encoding: .utf8)
    #expect(generated.stdout == expected, "regenerate Generated/MusicSearchSessionTests.swift if the change is meant")
    #expect(generated.stdout.contains("await store.receive(session.isAction(2)) {"))
    #expect(generated.stdout.contains("await store.send(session.action(3)) {"))
  }

  /// AmountInput as a later build might change it: it stops formatting.
  private struct PlainAmountInput: Reducer {
    func reduce(into state: inout AmountInput.State, action: AmountInput.Action) -> Effect<AmountInput.Action> {
      guard case .textChanged(let text) = action else { return .none }
      state.text = text
      state.output = text ?? ""
      return .none
    }
  }

  @MainActor
  @Test func aChangedReducerFailsTheGeneratedStepsWithADiff() async throws {
    let session = try RecordedSession<AmountInput>(
      initialState: #"{"output":""}"#, events: [.send(#"{"textChanged":{"_0":"1234"}}"#)])
    // As recorded: it passes.
    let recorded = session.testStore()
    await recorded.send(session.action(1)) { $0 = try session.state(#"{"text":"1234","output":"1,234₩"}"#) }
    await recorded.finish()

    let changed = session.testStore(reducer: PlainAmountInput())
    await withKnownIssue {
      await changed.send(session.action(1)) { $0 = try session.state(#"{"text":"1234","output":"1,234₩"}"#) }
    } matching: { issue in
      let text = issue.description
      return text.contains(#"output: "1,234₩""#) && text.contains(#"output: "1234""#) && text.contains("−") && text.contains("+")
    }
  }

  @MainActor
  @Test func recordedEffectsAreHandedBackInTheLogsOrder() async throws {
    let session = try RecordedSession<MusicSearch>(
      initialState: #"{"query":"","results":[],"isSearching":false}"#,
      events: [
        .send(#"{"queryChanged":{"_0":"x"}}"#),
        .effect(#"{"searchResponse":{"_0":{"failure":{"_0":"network"}}}}"#),
      ])
    let store = session.testStore()
    await store.send(session.action(1)) { $0 = try session.state(#"{"query":"x","results":[],"isSearching":true}"#) }
    await store.receive(session.isAction(2)) {
      $0 = try session.state(#"{"query":"x","results":[],"isSearching":false,"error":"network"}"#)
    }
    await store.finish()
  }

  @Test func aBuildThatDoesNotReproduceTheLogIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("drifted.log")
    try await Self.record(PlainAmountInput(), to: log)
    let output = try await RefoldProcess.run(["test-gen", log.path])
    #expect(output.status == 1, "\(output.stderr)")
    #expect(output.stderrLines.count == 1)
    #expect(output.stderr.contains("this build does not reproduce the log"), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
  }

  @Test func badRangesAndNamesAreOneLine() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("amount.log")
    try await Self.record(AmountInput(), to: log)
    let backwards = try await RefoldProcess.run(["test-gen", log.path, "--from", "3", "--to", "2"])
    #expect(backwards.status == 64, "\(backwards.stderr)")
    let past = try await RefoldProcess.run(["test-gen", log.path, "--from", "9"])
    #expect(past.status == 2, "\(past.stderr)")
    #expect(past.stderr.contains("past the end") || past.stderr.contains("no event"), "\(past.stderr)")
    let name = try await RefoldProcess.run(["test-gen", log.path, "--name", "not a name"])
    #expect(name.status == 64, "\(name.stderr)")
    let stretch = try await RefoldProcess.run(["test-gen", log.path, "--from", "2", "--to", "2", "--name", "second"])
    #expect(stretch.status == 0, "\(stretch.stderr)")
    #expect(stretch.stdout.contains(##"initialState: #"{"text":"1","output":"1₩"}"#,"##), "\(stretch.stdout)")
    #expect(stretch.stdout.contains("@Test func second() async throws {"))
  }

  @MainActor
  private static func record<R: Reducer>(_ reducer: R, to url: URL) async throws
  where R.State == AmountInput.State, R.Action == AmountInput.Action {
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: url, feature: "amountInput", initialState: AmountInput.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2))
    let store = Store(initialState: AmountInput.State(), reducer: reducer, plugins: [recorder])
    for text in ["1", "12", "123"] { await store.send(.textChanged(text)).finish() }
    try await recorder.close()
  }
}

@Test func swiftLiteralsAndIdentifiersAreSafe() {
  #expect(SwiftSource.literal(#"{"a":"b"}"#) == ##"#"{"a":"b"}"#"##)
  #expect(SwiftSource.literal(##"{"a":"#"}"##) == ###"##"{"a":"#"}"##"###)
  #expect(SwiftSource.literal(##"{"a":"\#(x)"}"##) == ###"##"{"a":"\#(x)"}"##"###)
  #expect(SwiftSource.identifier("amountInput session-3") == "amountInputSession3")
  #expect(SwiftSource.identifier("3 logs") == "session3Logs")
}
