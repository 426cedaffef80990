import Foundation
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// ★ An action sent while the store folds another is queued and folded after it, in order, as
/// before; now each such send is visible: the commit names the action it was sent during, the
/// store reports it when asked, the changes printer prints it, and the log marks it.
@MainActor
struct ReentrancyTests {
  /// A store whose bindings send while it folds:
  /// - `count` reaching 1 sends `.note("a")` and `.note("b")`, both during seq 1;
  /// - `log` reaching two notes sends `.rename("x")`, during seq 3 (the fold of `.note("b")`,
  ///   itself a queued action).
  func chattyStore(
    plugins: [any StorePlugin<Counter.State, Counter.Action>] = [], reentrancy: ReentrancyReporting = .off
  ) -> (Store<Counter.State, Counter.Action>, [StoreBinding]) {
    let store = Store(initialState: Counter.State(), reducer: Counter(), plugins: plugins, reentrancy: reentrancy)
    let bindings = [
      store.bind(\.count) { [unowned store] count in
        guard count == 1 else { return }
        store.send(.note("a"))
        store.send(.note("b"))
      },
      store.bind(\.log) { [unowned store] log in
        if log.count == 2 { store.send(.rename("x")) }
      },
    ]
    return (store, bindings)
  }

  @Test func eachReentrantCommitNamesTheActionItWasSentDuring() {
    let log = CommitLog<Counter.State, Counter.Action>()
    let (store, bindings) = chattyStore(plugins: [log])
    store.send(.increment)
    withExtendedLifetime(bindings) {}
    #expect(log.commits.map(\.action) == [.increment, .note("a"), .note("b"), .rename("x")])
    #expect(log.commits.map(\.reentrance) == [
      nil,
      ReentrantSend(seq: 1, action: .increment),
      ReentrantSend(seq: 1, action: .increment),
      ReentrantSend(seq: 3, action: .note("b")),
    ])
    #expect(store.state.label == "x")
  }

  @Test func theStoreReportsEachWithOneLineNamingBothActionsWhenAsked() {
    let reports = PrintedLines()
    let (store, bindings) = chattyStore(reentrancy: .to { reports.append($0) })
    store.send(.increment)
    withExtendedLifetime(bindings) {}
    #expect(reports.all == [
      #"#2 Counter.Action.note("a") was sent while #1 Counter.Action.increment was being folded: it was queued and folded after it"#,
      #"#3 Counter.Action.note("b") was sent while #1 Counter.Action.increment was being folded: it was queued and folded after it"#,
      #"#4 Counter.Action.rename("x") was sent while #3 Counter.Action.note("b") was being folded: it was queued and folded after it"#,
    ])
  }

  @Test func offByDefaultAndAnEffectsSendIsNotReentrant() {
    let log = CommitLog<Counter.State, Counter.Action>()
    let store = Store(
      initialState: Counter.State(),
      reducer: Scripted { $0 == .increment ? .send(.note("from an effect")) : .none },
      plugins: [log])
    store.send(.increment)
    #expect(log.commits.map(\.action) == [.increment, .note("from an effect")])
    #expect(log.commits.allSatisfy { $0.reentrance == nil })
  }

  @Test func theChangesPrinterPrintsTheLineBeforeTheCommit() {
    let printed = PrintedLines()
    let printer = ChangesPrinter<Counter.State, Counter.Action>(initialState: Counter.State()) { printed.append($0) }
    let (store, bindings) = chattyStore(plugins: [printer])
    store.send(.increment)
    withExtendedLifetime(bindings) {}
    #expect(printed.all.count == 7)
    #expect(printed.all[0].hasPrefix("#1 send: Counter.Action.increment\n"))
    #expect(printed.all[1] == #"reentrant: #2 Counter.Action.note("a") was sent while #1 Counter.Action.increment was being folded: it was queued and folded after it"#)
    #expect(printed.all[2].hasPrefix(#"#2 send: Counter.Action.note("a")"#))
  }

  @Test func theLogMarksThemAndReplayReadsTheMark() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Counter.State, Counter.Action>(
      file: file, feature: "counter", initialState: Counter.State(), options: RecorderOptions(fsync: .never))
    let (store, bindings) = chattyStore(plugins: [recorder])
    store.send(.increment)
    store.send(.decrement)
    withExtendedLifetime(bindings) {}
    try await recorder.close()

    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""seq":2,"#) && text.contains(#""origin":"send","during":1,"action":{"note":{"_0":"a"}}"#))
    let events = try readAll(file).records.compactMap { record -> LogEvent? in
      if case .event(let event) = record { return event }
      return nil
    }
    #expect(events.map(\.sentDuring) == [nil, 1, 1, 3, nil])
    let replayed = try Replayer(reducer: Counter()).replay(file: file)
    #expect(replayed.state == store.state)
  }

  @Test func aDuringThatIsNotAnEarlierSeqIsAnErrorNamingTheLine() throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    var log = HandWrittenLog()
    log.event(1)
    log.add(#"{"seq":2,"t":1763740800.5,"origin":"send","during":2,"action":{"type":{"_0":"y"}}"#)
    try log.write(to: file)
    let error = #expect(throws: LogReadError.self) { try readAll(file) }
    #expect(error?.line == 3, "\(String(describing: error))")
    #expect(error?.description.contains(#""during" is not the seq of an earlier event"#) == true)
  }
}
