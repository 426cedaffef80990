import Testing
@testable import StoreCore

/// A screen of a stack, for the stack's own value semantics.
private struct Screen: Hashable, Sendable {
  var title: String
}

/// Issue 49, point 8: what a test's expectation writes about a stack means what it says.
@MainActor
struct StackStateTests {
  @Test func settingAnIdNotYetGivenPushesTheScreenUnderThatId() {
    var stack = StackState<Screen>()
    stack[id: 0] = Screen(title: "detail")
    stack[id: 3] = Screen(title: "edit")
    #expect(stack.ids == [0, 3])
    #expect(stack[id: 3] == Screen(title: "edit"))
    #expect(stack.nextID == 4)
    // As `append` would have.
    #expect(stack.append(Screen(title: "more")) == 4)
  }

  @Test func settingAPoppedIdIsReportedAndPushesNothing() {
    var stack = StackState([Screen(title: "a"), Screen(title: "b")])
    stack.popLast()
    withKnownIssue {
      stack[id: 1] = Screen(title: "b again")
    } matching: { issue in
      issue.description.contains("No screen #1 on the stack") && issue.description.contains("the next is #2")
        && issue.description.contains("(#0)")
    }
    #expect(stack.ids == [0])
    // Setting nil where nothing is stays quiet: a view may close twice.
    stack[id: 1] = nil
    #expect(stack.ids == [0])
  }

  @Test func aStackEmptiedByPopsEqualsANewOne() {
    var stack = StackState([Screen(title: "a")])
    stack.removeAll()
    #expect(stack == StackState())
    #expect(stack.hashValue == StackState<Screen>().hashValue)
    // Its next id is kept all the same: a push after it does not reuse #0.
    #expect(stack.append(Screen(title: "b")) == 1)
    #expect(stack != StackState([Screen(title: "b")]))
  }

  @Test func aFailureShowsTheScreensByIdAndNothingInternal() async {
    let store = TestStore(initialState: Stacked.State(), reducer: Stacked())
    await withKnownIssue {
      await store.send(.push("detail")) { $0.path[id: 0] = Screen(title: "Detail") }
    } matching: { issue in
      let text = issue.description
      return text.contains("#0: Screen(") && text.contains(#"title: "Detail""#)
        && text.contains(#"title: "detail""#) && !text.contains("structure") && !text.contains("nextID")
    }
  }
}

private struct Stacked: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Screen>()
  }
  enum Action: Equatable, Sendable { case push(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .push(title): state.path.append(Screen(title: title))
    }
    return .none
  }
}
