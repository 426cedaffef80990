import Testing
@testable import StoreCore

@MainActor
struct ChangesPrinterTests {
  @Test func eachActionWithTheFieldsItChanged() {
    let printed = PrintedLines()
    let printer = ChangesPrinter<Counter.State, Counter.Action>(initialState: Counter.State()) { printed.append($0) }
    let store = Store(initialState: Counter.State(), reducer: Counter(), plugins: [printer])
    store.send(.increment)
    store.send(.rename("iu"))
    store.send(.set(1))
    #expect(printed.all.count == 3)
    #expect(printed.all[0] == """
      #1 send: Counter.Action.increment
        .count
        - 0
        + 1
      """)
    #expect(printed.all[1].hasPrefix("#2 send: Counter.Action.rename(\"iu\")\n  .label\n"))
    #expect(!printed.all[1].contains(".count"))
    #expect(printed.all[2] == "#3 send: Counter.Action.set(1)\n  (no change)")
  }

  @Test func secretsArePrintedRedacted() {
    let printed = PrintedLines()
    let printer = ChangesPrinter<Form.State, Form.Action>(initialState: Form.State()) { printed.append($0) }
    let store = Store(initialState: Form.State(), reducer: Form(), plugins: [printer])
    store.send(.binding(.set(\.password, "hunter2")))
    #expect(printed.all.count == 1)
    #expect(!printed.all[0].contains("hunter2"), "\(printed.all[0])")
    #expect(printed.all[0].contains(".password"))
  }

  @Test func anEqualValueInNewStoragePrintsNothingAndAFieldThatIsNotEquatableIsDiffed() {
    struct Tagged {
      /// Not `Equatable`: the printer cannot compare it, so it diffs it.
      struct Notes { var text = "" }
      var tags: [String] = ["a"]
      var notes = Notes()
    }
    enum Change: Sendable { case copyTags, note(String) }
    let printed = PrintedLines()
    let printer = ChangesPrinter<Tagged, Change>(initialState: Tagged()) { printed.append($0) }
    let store = Store(initialState: Tagged(), reducer: Reduce<Tagged, Change> { state, action in
      switch action {
      case .copyTags: state.tags = Array(state.tags.map { String($0) })  // same value, new buffer
      case .note(let text): state.notes.text = text
      }
      return .none
    }, plugins: [printer])
    #expect(StateField<Tagged>.all().map { $0.equal != nil } == [true, false])
    store.send(.copyTags)
    store.send(.note("hi"))
    store.send(.note("hi"))
    #expect(printed.all.count == 3)
    #expect(printed.all[0].hasSuffix("(no change)"), "\(printed.all[0])")
    #expect(printed.all[1].contains(".notes"), "\(printed.all[1])")
    #expect(printed.all[1].contains("\"hi\""), "\(printed.all[1])")
    #expect(printed.all[2].hasSuffix("(no change)"), "\(printed.all[2])")
  }

  @Test func theFieldsAreTheStructsStoredProperties() {
    let fields = StateField<Counter.State>.all()
    #expect(fields.map(\.name) == ["count", "label", "log"])
    #expect(StateField<Int>.all().isEmpty)
  }
}
