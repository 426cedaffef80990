import Foundation
import IssueReporting
import Testing

@_spi(Testing) @testable import EventLog
@testable import StoreCore

/// ★ Values several features share: a write in one reducer reaches every field of its key, a
/// field made later starts with the value, TestStore asserts the change like state, and a
/// replay reproduces what each feature saw without the live values. Each test runs in a
/// registry of its own (`SharedValues().withValues`), so tests in parallel never share.
@MainActor
struct SharedStateTests {
  @Test func aWriteReachesEveryFieldOfItsKeyBeforeAnyoneSeesTheState() {
    SharedValues().withValues {
      let log = CommitLog<Lobby.State, Lobby.Action>()
      let store = Store(initialState: Lobby.State(), reducer: Lobby(), plugins: [log])
      store.send(.showBadge)
      store.send(.login(.signedIn("iu")))
      #expect(store.state.login.account == Member(name: "iu"))
      #expect(store.state.account == Member(name: "iu"))
      #expect(store.state.badge?.account == Member(name: "iu"))
      // The plugin saw the state with every field already changed.
      #expect(log.commits.last?.state.badge?.account == Member(name: "iu"))
      store.send(.greet)
      #expect(store.state.greetings == ["hello iu"])
    }
  }

  @Test func aFieldMadeLaterStartsWithTheValueNotItsDefault() {
    SharedValues().withValues {
      let store = Store(initialState: Lobby.State(), reducer: Lobby())
      store.send(.login(.signedIn("iu")))
      store.send(.showBadge)
      #expect(store.state.badge?.account == Member(name: "iu"))
      store.send(.login(.signedOut))
      #expect(store.state.badge?.account == nil)
      #expect(Lobby.State().account == nil)
    }
  }

  /// Issue 49: a screen pushed with its state in an action from outside (`refold run`) held the
  /// payload's copy of the shared list, and its first write put that copy back over the key's
  /// value: the list lost a guest.
  @Test func aSharedFieldInAnActionFromOutsideTakesTheKeysValueAndLosesNothing() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let line = Data(#"{"open":{"_0":{"guests":{"shared":"inMemory:guests","value":[]}}}}"#.utf8)
    let live = try await SharedValues().withValues {
      let recorder = try Recorder<Party.State, Party.Action>(
        file: file, feature: "party", initialState: Party.State(), options: RecorderOptions(fsync: .never))
      let store = Store(initialState: Party.State(), reducer: Party(), plugins: [recorder])
      store.send(.invite("iu"))
      func guests(_ action: Party.Action) -> [String]? {
        if case .open(let list) = action { list.guests } else { nil }
      }
      // Decoded as the payload says, the copy would be the empty list written down earlier.
      #expect(guests(try JSONDecoder().decode(Party.Action.self, from: line)) == [])
      let open = try store.decodingAction { try JSONDecoder().decode(Party.Action.self, from: line) }
      #expect(guests(open) == ["iu"])
      store.send(open)
      #expect(store.state.list?.guests == ["iu"])
      store.send(.list(.presented(.invite("son"))))
      #expect(store.state.guests == ["iu", "son"])
      #expect(store.state.list?.guests == ["iu", "son"])
      try await recorder.close()
      return store.state
    }
    // The log holds the action the store folded, so a replay, in a registry that never held
    // the list, ends where the store did.
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""action":{"open":{"_0":{"guests":{"shared":"inMemory:guests","value":["iu"]}}}}"#), "\(text)")
    let replayed = try SharedValues().withValues { try Replayer(reducer: Party()).replay(file: file) }
    #expect(replayed.state == live)
  }

  @Test func withLockWritesTheKeyAndAnActionlessAlertNeedsNoCodableEnum() async throws {
    try await SharedValues().withValues {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.countTapped) {
        $0.count = 1
        $0.alert = AlertState(title: "Counted 1")
      }
      await store.send(.alert(.dismiss)) { $0.alert = nil }
      // A second state made now starts with the key's value, which withLock wrote.
      #expect(Tally.State().count == 1)
      // The state, alert and all, goes through the log's coding and back.
      var presented = Tally.State()
      presented.alert = AlertState(title: "Counted 1")
      let line = Array(try LogJSONEncoder().encode(presented))
      #expect(try LogJSONDecoder().decode(Tally.State.self, from: line) == presented)
    }
  }

  @Test func eachRegistryHoldsItsOwnValues() {
    SharedValues().withValues {
      let store = Store(initialState: Lobby.State(), reducer: Lobby())
      store.send(.login(.signedIn("iu")))
      #expect(Lobby.State().account == Member(name: "iu"))
    }
    SharedValues().withValues {
      #expect(Lobby.State().account == nil)
    }
  }

  @Test func testStoreAssertsASharedWriteLikeStateOneFieldForAll() async {
    await SharedValues().withValues {
      let store = TestStore(initialState: Lobby.State(), reducer: Lobby())
      await store.send(.showBadge) { $0.badge = Badge.State() }
      // Setting one field of the key sets the others, as the store did.
      await store.send(.login(.signedIn("iu"))) { $0.account = Member(name: "iu") }
      await store.finish()
    }
  }

  @Test func anUnassertedSharedWriteFailsWithItsDiff() async {
    await SharedValues().withValues {
      let store = TestStore(initialState: Lobby.State(), reducer: Lobby())
      await withKnownIssue {
        await store.send(.login(.signedIn("iu")))
      } matching: { issue in
        issue.description.contains("account") && issue.description.contains("iu")
      }
    }
  }

  @Test func aLogOfSharedWritesReplaysToTheSameStatesWithoutTheLiveValues() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let live = try await SharedValues().withValues {
      let recorder = try Recorder<Lobby.State, Lobby.Action>(
        file: file, feature: "lobby", initialState: Lobby.State(),
        options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
      let store = Store(initialState: Lobby.State(), reducer: Lobby(), plugins: [recorder])
      for action: Lobby.Action in [.login(.signedIn("iu")), .showBadge, .greet, .login(.signedIn("son")), .greet, .badge(.dismiss), .showBadge] {
        store.send(action)
      }
      try await recorder.close()
      return store.state
    }
    #expect(live.badge?.account == Member(name: "son"))
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""account":{"shared":"inMemory:account","value":{"name":"son"}}"#))
    // Replayed in a registry that never held "son": the badge made at the last step still
    // starts with it, as it did live, and every checkpoint verifies.
    let replayed = try SharedValues().withValues { try Replayer(reducer: Lobby()).replay(file: file) }
    #expect(replayed.state == live)
    #expect(replayed.verifiedCheckpoints >= 3)
    let fromSnapshot = try Replayer(reducer: Lobby()).replay(file: file, until: 7)
    #expect(fromSnapshot.state == live)
  }

  @Test func anotherStoreHearsOfAWriteAsALoggedAction() {
    SharedValues().withValues {
      let writer = Store(initialState: Lobby.State(), reducer: Lobby())
      let log = CommitLog<Lobby.State, Lobby.Action>()
      let reader = Store(initialState: Lobby.State(), reducer: Lobby(), plugins: [log])
      writer.send(.login(.signedIn("iu")))
      #expect(reader.state.account == Member(name: "iu"))
      #expect(reader.state.login.account == Member(name: "iu"))
      #expect(log.commits.map(\.action) == [.shared(SharedChange(key: "inMemory:account", value: ["name": "iu"]))])
      // The reader applying it tells no one back: the writer folded one action.
      #expect(writer.commitCount == 1)
    }
  }

  @Test func aKeyThatIsNotAKeyIsADecodingErrorThatSaysSo() {
    let json = Data(#"{"login":{"account":{"shared":"session","value":null}},"account":{"shared":"inMemory:account","value":null},"greetings":[]}"#.utf8)
    let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Lobby.State.self, from: json) }
    #expect("\(String(describing: error))".contains(#""session" is not a shared key"#))
  }
}

/// Under a test runner, stores made outside any registry each hold their own values, and a
/// write outside a reducer (a copy redacted for the log) changes nothing shared.
@MainActor
struct SharedIsolationTests {
  @Test func storesInTestsDoNotShareWithoutARegistry() {
    let first = Store(initialState: Lobby.State(), reducer: Lobby())
    first.send(.login(.signedIn("iu")))
    #expect(first.state.account == Member(name: "iu"))
    #expect(Lobby.State().account == nil)
    let second = Store(initialState: Lobby.State(), reducer: Lobby())
    second.send(.showBadge)
    #expect(second.state.badge?.account == nil)
    // Within its store, a field made later still starts with the store's value.
    first.send(.showBadge)
    #expect(first.state.badge?.account == Member(name: "iu"))
  }

  @Test func aSharedValueDeclaredInATestSeedsTheStatesMadeAfterIt() async {
    // Issue 49, point 1: as a TCA test seeds its store.
    @Shared(.inMemory("guests")) var guests = ["iu"]
    let store = TestStore(initialState: Party.State(), reducer: Party())
    #expect(store.state.guests == ["iu"])
    await store.send(.invite("son")) { $0.guests = ["iu", "son"] }
    // The first value the key was given stays for what the test makes later; the store's
    // writes stay in the store.
    #expect(GuestList.State().guests == ["iu"])
  }

  @Test func anotherTestsSeedIsNotSeen() async {
    // Run beside the test above, in the same process: its seed never reaches this one.
    #expect(GuestList.State().guests == [])
    let store = TestStore(initialState: Party.State(), reducer: Party())
    await store.send(.invite("son")) { $0.guests = ["son"] }
  }

  @Test func aSecretRedactedForTheLogStaysInTheStore() async throws {
    let folder = TemporaryFolder()
    let file = folder.file()
    let recorder = try Recorder<Vault.State, Vault.Action>(
      file: file, feature: "vault", initialState: Vault.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 1, snapshotInterval: 1))
    let store = Store(initialState: Vault.State(), reducer: Vault(), plugins: [recorder])
    store.send(.setPin("1234"))
    store.send(.measure)
    try await recorder.close()
    store.detach(recorder)
    // Every state was redacted to be logged; the store's value is still the secret.
    store.send(.measure)
    #expect(store.state.pin == "1234")
    #expect(store.state.lengths == [4, 4])
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("1234"))
    #expect(text.contains(#""pin":{"shared":"inMemory:pin","value":"<redacted>"}"#))
  }
}
