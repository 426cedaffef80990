import CounterFeature
import Foundation
import Store
import Testing

/// A test that must fail: check.sh runs it (REFOLD_EXPECT_FAILURE=1) to see that a wrong
/// TestStore assertion fails a user's test, and does not just print a note.
@MainActor
struct WrongAssertionTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["REFOLD_EXPECT_FAILURE"] == "1"))
  func aWrongAssertionFailsTheTest() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTapped) { $0.count = 2 }
  }
}
