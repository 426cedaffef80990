import Testing
@testable import EventLog
@testable import StoreCore

@MainActor
struct PluginTests {
  @Test func pluginsSeeSeqOriginActionAndStateAfterEachAction() {
    let plugin = CommitLog<Counter.State, Counter.Action>()
    let store = Store(initialState: Counter.State(), reducer: Counter(), plugins: [plugin])
    store.send(.increment)
    store.send(.rename("x"))
    #expect(plugin.commits == [
      Commit(seq: 1, origin: .send, action: .increment, state: .init(count: 1)),
      Commit(seq: 2, origin: .send, action: .rename("x"), state: .init(count: 1, label: "x")),
    ])
  }

  @Test func aThrowingPluginIsDetachedAndReportedWhileTheStoreKeepsFolding() {
    let failing = CommitLog<Counter.State, Counter.Action>()
    failing.onCommit = { commit in if commit.seq == 2 { throw PluginFailure() } }
    let healthy = CommitLog<Counter.State, Counter.Action>()
    let store = Store(initialState: Counter.State(), reducer: Counter(), plugins: [failing, healthy])
    store.send(.increment)
    withKnownIssue {
      store.send(.increment)
    } matching: { issue in
      issue.description.contains("threw at seq 2 and was detached") && issue.description.contains("disk on fire")
    }
    store.send(.increment)
    #expect(store.state.count == 3)
    #expect(failing.commits.map(\.seq) == [1, 2])
    #expect(healthy.commits.map(\.seq) == [1, 2, 3])
  }

  @Test func aPluginAttachedLaterSeesCommitsFromThenOn() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(.increment)
    let plugin = CommitLog<Counter.State, Counter.Action>()
    store.attach(plugin)
    store.send(.increment)
    store.detach(plugin)
    store.send(.increment)
    #expect(plugin.commits.map(\.seq) == [2])
  }

  @Test func pluginsAreReleasedWithTheStore() {
    var plugin: CommitLog<Counter.State, Counter.Action>? = CommitLog()
    weak let weakPlugin = plugin
    var store: Store<Counter.State, Counter.Action>? = Store(
      initialState: Counter.State(), reducer: Counter(), plugins: [plugin!]
    )
    plugin = nil
    store?.send(.increment)
    #expect(weakPlugin != nil)
    store = nil
    #expect(weakPlugin == nil)
  }
}
