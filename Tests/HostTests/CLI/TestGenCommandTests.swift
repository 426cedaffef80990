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
      // NB: a minute per request: under a loaded CI the default ten seconds ran out once, and
      //     the log recorded a network error instead of the results.
      ["run", "musicSearch", "--base-url", backend.baseURL.absoluteString, "--request-timeout", "60", "--wait-each", "--record", log],
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

  /// AmountInput whose output reads a setting, a dependency the recording does not hold.
  private struct LabelledAmountInput: Reducer {
    @Dependency(\.currencyLabel) var label
    func reduce(into state: inout AmountInput.State, action: AmountInput.Action) -> Effect<AmountInput.Action> {
      guard case .textChanged(let text) = action else { return .none }
      state.text = text
      state.output = (text ?? "") + label
      return .none
    }
  }

  @MainActor
  @Test func aSessionsTestStoreTakesTheTestsDependencyOverrides() async throws {
    // Issue 49, point 10.
    let session = try RecordedSession<AmountInput>(
      initialState: #"{"output":""}"#, events: [.send(#"{"textChanged":{"_0":"7"}}"#)])
    let store = session.testStore(reducer: LabelledAmountInput()) { $0.currencyLabel = " KRW" }
    await store.send(session.action(1)) { $0 = try session.state(#"{"text":"7","output":"7 KRW"}"#) }
    await store.finish()
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

  /// `following` draws the date it follows someone at: the test hands the recorded one back.
  @MainActor
  @Test func recordedDrawsAreHandedBackToTheReducer() async throws {
    // As the generator writes draws: exact values, a date by its bits.
    #expect(SwiftSource.draw(.date(Date(timeIntervalSinceReferenceDate: 1.5))) == ".date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: 0x3ff8000000000000)))")
    #expect(SwiftSource.draw(.random(255)) == ".random(0xff)")
    let id = UUID(uuidString: "00000000-0000-0000-0000-00000000002A")!
    #expect(SwiftSource.draw(.uuid(id)) == #".uuid(UUID(uuidString: "00000000-0000-0000-0000-00000000002A")!)"#)
    // A recorded read: its name and its value's JSON, as literals that parse back to the same.
    let read = Draw.read("lock", .object(JSONObject(["open": .bool(true)])))
    #expect(SwiftSource.draw(read) == ##".read(#"lock"#, json: #"{"open":true}"#)"##)
    #expect(try Draw.read("lock", json: #"{"open":true}"#) == read)
    let followedAt = Date(timeIntervalSince1970: Double(bitPattern: 0x41c8_5bd0_4040_0000))
    let session = try RecordedSession<Following>(
      initialState: try Self.json(Following.State()),
      events: [.send(#"{"followTapped":{"id":1}}"#, draws: [.date(followedAt)])])
    var expected = Following.State()
    expected.people[0].isFollowing = true
    expected.people[0].followingSince = followedAt
    let store = session.testStore()
    await store.send(session.action(1)) { $0 = try session.state(try Self.json(expected)) }
    await store.finish()

    // A reducer that draws something else than the recording is told so.
    let wrong = try RecordedSession<Following>(
      initialState: try Self.json(Following.State()),
      events: [.send(#"{"followTapped":{"id":1}}"#, draws: [.uuid(UUID())])])
    let mismatched = wrong.testStore()
    await withKnownIssue {
      await mismatched.send(wrong.action(1)) { $0 = try session.state(try Self.json(expected)) }
    } matching: { issue in
      issue.description.contains("The reducer did not draw what the recording drew")
        || issue.description.contains("followingSince")
    }
  }

  private static func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try LogJSONEncoder().encode(value), as: UTF8.self)
  }

  @Test func aBuildThatDoesNotReproduceTheLogIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("drifted.log")
    try await Self.record(PlainAmountInput(), to: log)
    let output = try await RefoldProcess.run(["test-gen", log.path])
    #expect(output.status == 1, "\(output.stderr)")
    // The first line says why; the divergence's fields and diff follow it, indented.
    #expect(output.stderrLines.first?.hasSuffix("this build does not reproduce the log, so a test written from it would fail at once") == true, "\(output.stderr)")
    #expect(output.stderrLines.dropFirst().first == "  fields that differ: output", "\(output.stderr)")
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

/// A setting a reducer reads as it folds, for `aSessionsTestStoreTakesTheTestsDependencyOverrides`.
private enum CurrencyLabelKey: DependencyKey {
  static let liveValue = "₩"
  static let testValue = "₩"
}

extension DependencyValues {
  fileprivate var currencyLabel: String {
    get { self[CurrencyLabelKey.self] }
    set { self[CurrencyLabelKey.self] = newValue }
  }
}
