import Foundation
import InternalTestSupport
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// ★ Where each action came from (issue 16): a store made with `recordsSendSites: true` gives
/// each commit the `#fileID` and line of its `send`, or of the effect that sent it with the seq
/// that started that effect; the log keeps it as the event's `"from"`, the reader reads it back
/// and checks it, and an excerpt renumbers it. Off by default, and never in a release build.
@MainActor
struct SendSiteTests {
  let folder = TemporaryFolder()

  /// The lines at which the reducer below made its effects, seen as it made them.
  final class EffectLines {
    var send: UInt = 0
    var run: UInt = 0
  }

  /// `.increment` returns `.send(.note("a"))`; `.set` returns a `.run` that sends `.note("b")`.
  func reducer(_ lines: EffectLines) -> Scripted {
    Scripted { action in
      switch action {
      case .increment: lines.send = #line; return .send(.note("a"))
      case .set: lines.run = #line; return .run { send in await send(.note("b")) }
      default: return .none
      }
    }
  }

  @Test func offByDefault() async {
    let log = CommitLog<Counter.State, Counter.Action>()
    let store = Store(initialState: Counter.State(), reducer: reducer(EffectLines()), plugins: [log])
    store.send(.increment)
    await store.send(.set(2)).finish()
    #expect(log.commits.count == 4)
    #expect(log.commits.allSatisfy { $0.site == nil })
    #expect(!store.recordsSendSites)
  }

  @Test(.debugBuildOnly) func aSendNamesItsLineAndAnEffectsActionNamesTheEffectAndItsCause() async {
    let log = CommitLog<Counter.State, Counter.Action>()
    let lines = EffectLines()
    let store = Store(
      initialState: Counter.State(), reducer: reducer(lines), plugins: [log], recordsSendSites: true)
    let first: UInt = #line; store.send(.increment)
    let second: UInt = #line; await store.send(.set(2)).finish()
    let scoped = store.scope(state: \.self, action: { $0 })
    let third: UInt = #line; scoped.send(.rename("child"))

    let file = "StoreTests/SendSiteTests.swift"
    #expect(log.commits.map(\.action) == [.increment, .note("a"), .set(2), .note("b"), .rename("child")])
    #expect(log.commits.map(\.site) == [
      SendSite(fileID: file, line: first),
      SendSite(fileID: file, line: lines.send, effectOf: 1),
      SendSite(fileID: file, line: second),
      SendSite(fileID: file, line: lines.run, effectOf: 3),
      SendSite(fileID: file, line: third),
    ])
    #expect(lines.send != 0 && lines.run != 0 && lines.send != lines.run)
    #expect(log.commits[1].site?.description == "effect of #1 at \(file):\(lines.send)")
  }

  /// A release build ignores `recordsSendSites: true`: a shipped app's send pays nothing for
  /// sites, and its log names no source file.
  @Test(.releaseBuildOnly)
  func aReleaseBuildRecordsNoSite() async {
    let log = CommitLog<Counter.State, Counter.Action>()
    let store = Store(
      initialState: Counter.State(), reducer: reducer(EffectLines()), plugins: [log], recordsSendSites: true)
    store.send(.increment)
    await store.send(.set(2)).finish()
    #expect(log.commits.count == 4)
    #expect(log.commits.allSatisfy { $0.site == nil })
    #expect(!store.recordsSendSites)
  }

  /// Sends from a binding's callback are queued behind the fold: each keeps its own line, and
  /// the fold that was running keeps its own.
  @Test(.debugBuildOnly) func aQueuedSendKeepsItsOwnSite() {
    let log = CommitLog<Counter.State, Counter.Action>()
    let store = Store(initialState: Counter.State(), reducer: Counter(), plugins: [log], recordsSendSites: true)
    var bindingLine: UInt = 0
    let binding = store.bind(\.count) { [unowned store] count in
      guard count == 1 else { return }
      bindingLine = #line; store.send(.note("queued"))
    }
    let line: UInt = #line; store.send(.increment)
    withExtendedLifetime(binding) {}
    let file = "StoreTests/SendSiteTests.swift"
    #expect(log.commits.map(\.action) == [.increment, .note("queued")])
    #expect(log.commits.map(\.site) == [SendSite(fileID: file, line: line), SendSite(fileID: file, line: bindingLine)])
    #expect(log.commits[1].reentrance?.seq == 1)
  }

  /// Records `.increment` and `.set(2)`, and the actions of their effects, with their sites.
  func record(to file: URL, _ lines: EffectLines) async throws -> (state: Counter.State, sends: [UInt]) {
    let recorder = try Recorder<Counter.State, Counter.Action>(
      file: file, feature: "counter", initialState: Counter.State(), options: RecorderOptions(fsync: .never))
    let store = Store(
      initialState: Counter.State(), reducer: reducer(lines), plugins: [recorder], recordsSendSites: true)
    let first: UInt = #line; store.send(.increment)
    let second: UInt = #line; await store.send(.set(2)).finish()
    try await recorder.close()
    return (store.state, [first, second])
  }

  @Test(.debugBuildOnly) func theLogKeepsThemAndTheReaderReadsThemBack() async throws {
    let file = folder.file()
    let lines = EffectLines()
    let (state, sends) = try await record(to: file, lines)
    let (first, second) = (sends[0], sends[1])

    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""origin":"send","from":{"file":"StoreTests\/SendSiteTests.swift","line":\#(first)},"action":{"increment":{}}"#))
    #expect(text.contains(#""origin":"effect","from":{"file":"StoreTests\/SendSiteTests.swift","line":\#(lines.run),"effectOf":3},"action":{"note":{"_0":"b"}}"#))
    let events = try readAll(file).records.compactMap { record -> LogEvent? in
      if case .event(let event) = record { return event }
      return nil
    }
    #expect(events.map { $0.site?.effectOf } == [nil, 1, nil, 3])
    #expect(events.map { $0.site?.line } == [first, lines.send, second, lines.run])
    let replayed = try Replayer(reducer: reducer(EffectLines())).replay(file: file)
    #expect(replayed.state == state)
  }

  /// An excerpt renumbers a cause it keeps, and drops one before it (the file and line stay).
  @Test(.debugBuildOnly) func anExcerptRenumbersTheCause() async throws {
    let file = folder.file()
    let lines = EffectLines()
    let second = try await record(to: file, lines).sends[1]

    let bytes = try Replayer(reducer: reducer(EffectLines())).excerpt(
      file: file, from: 1, to: 4, feature: "counter", schema: 1)
    let excerpt = folder.file()
    try Data(bytes).write(to: excerpt)
    let events = try readAll(excerpt).records.compactMap { record -> LogEvent? in
      if case .event(let event) = record { return event }
      return nil
    }
    #expect(events.map(\.site?.effectOf) == [nil, nil, 2])
    #expect(events.map(\.site?.line) == [lines.send, second, lines.run])
    #expect(events[0].site?.fileID == "StoreTests/SendSiteTests.swift")
  }

  @Test(arguments: [
    (#""from":"here","#, #"the event's "from" is not an object"#),
    (#""from":{"line":3},"#, #"the event's "from" has no "file" string"#),
    (#""from":{"file":"A.swift","line":0},"#, #"the event's "from" has no "line" number of 1 or more"#),
    (#""from":{"file":"A.swift","line":3,"effectOf":2},"#, #""effectOf" that is not the seq of an earlier event"#),
  ])
  func aBadFromIsAnErrorNamingTheLine(from: String, message: String) throws {
    let file = folder.file()
    var log = HandWrittenLog()
    log.event(1)
    log.add(#"{"seq":2,"t":1763740800.5,"origin":"effect",\#(from)"action":{"type":{"_0":"y"}}"#)
    try log.write(to: file)
    let error = #expect(throws: LogReadError.self) { try readAll(file) }
    #expect(error?.line == 3, "\(String(describing: error))")
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }

  @Test func membersOfFromThatTheReaderDoesNotKnowAreIgnored() throws {
    let file = folder.file()
    var log = HandWrittenLog()
    log.event(1)
    log.add(#"{"seq":2,"t":1763740800.5,"origin":"effect","from":{"file":"A.swift","line":3,"effectOf":1,"column":9},"action":{"type":{"_0":"y"}}"#)
    try log.write(to: file)
    let events = try readAll(file).records.compactMap { record -> LogEvent? in
      if case .event(let event) = record { return event }
      return nil
    }
    #expect(events.last?.site == SendSite(fileID: "A.swift", line: 3, effectOf: 1))
  }
}
