import Foundation
import Testing
@testable import StoreCore

/// What a reducer draws while a store with plugins folds is kept with the commit, in order;
/// what its effects draw on other threads is not (their results come back as actions).
@MainActor
struct DrawTapeTests {
  @Test func theDrawsOfAFoldComeWithItsCommit() async {
    let log = CommitLog<Ledger.State, Ledger.Action>()
    let store = Store(initialState: Ledger.State(), reducer: Ledger(), plugins: [log]) {
      $0.uuid = .incrementing
      $0.date = .constant(fixedDate)
      $0.withRandomNumberGenerator = .seeded(3)
    }
    store.send(.add)
    await store.send(.addAndEcho).finish()
    let roll = store.state.entries[0].roll
    #expect(log.commits.count == 3)
    #expect(log.commits[0].draws.prefix(2) == [.uuid(.counting(0)), .date(fixedDate)])
    // `Int.random(in:using:)` takes one or more `next()`, each one a draw.
    #expect(log.commits[0].draws.dropFirst(2).allSatisfy { if case .random = $0 { true } else { false } })
    #expect(!log.commits[0].draws.dropFirst(2).isEmpty)
    #expect((1...6).contains(roll))
    #expect(log.commits[1].draws == [.uuid(.counting(1)), .date(fixedDate)])
    // The effect drew `.counting(2)` on its own thread: the `echoed` commit has no draws.
    #expect(log.commits[2].action == .echoed(.counting(2)))
    #expect(log.commits[2].draws.isEmpty)
  }

  @Test func replayingHandsBackTheRecordedValuesInOrder() {
    let tape = DrawTape(mode: .replaying)
    tape.begin(replaying: [.uuid(.counting(5)), .date(fixedDate)])
    DrawTape.installOnThisThread(tape)
    defer { DrawTape.installOnThisThread(nil) }
    let uuid = UUIDGenerator { .counting(100) }
    let date = DateGenerator { .distantPast }
    #expect(uuid() == .counting(5))
    #expect(date.now == fixedDate)
    #expect(tape.replayProblem() == nil)
  }

  @Test func replayNamesADrawTheLogDoesNotHold() {
    let tape = DrawTape(mode: .replaying)
    let uuid = UUIDGenerator { .counting(100) }
    DrawTape.installOnThisThread(tape)
    defer { DrawTape.installOnThisThread(nil) }

    tape.begin(replaying: [.date(fixedDate)])
    _ = uuid()
    #expect(tape.replayProblem() == "the reducer drew a uuid (draw 1), but the log recorded a date there")

    tape.begin(replaying: [])
    _ = uuid()
    #expect(tape.replayProblem() == "the reducer drew a uuid (draw 1), but the log recorded 0 draw(s) for this event")

    tape.begin(replaying: [.uuid(.counting(1)), .random(4)])
    _ = uuid()
    #expect(tape.replayProblem() == "the log recorded 2 draw(s) for this event, but the reducer drew only 1 (left: random)")
  }

}

/// Off the main thread, with no replay in progress, nothing is taped.
struct UntapedDrawTests {
  @Test func offTheMainThreadTheGeneratorsDrawLive() async {
    let uuid = UUIDGenerator { .counting(100) }
    #expect(DrawTape.current == nil)
    #expect(uuid() == .counting(100))
  }
}
