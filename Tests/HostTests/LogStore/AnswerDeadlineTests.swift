import InternalTestSupport
import Store
import Testing

@testable import Host
@testable import LogStorage

/// `withAnswerDeadline`, which the PostgreSQL store wraps around every operation, on its own:
/// here so that ThreadSanitizer, which CI runs without the PostgreSQL tests, still sees its race
/// between an answer and the deadline.
struct AnswerDeadlineTests {
  @Test func anOperationThatNeverAnswersAndIgnoresCancellationFailsAtTheDeadline() async throws {
    let clock = VirtualClock()
    let gate = Gate()
    let waiting = Task {
      try await withAnswerDeadline(AnswerDeadline(limit: .seconds(30), clock: clock)) {
        await gate.wait()
        return 1
      }
    }
    // The deadline's sleep starts in a task of its own; time moves once it is waiting.
    while clock.sleepCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(29))
    #expect(clock.sleepCount == 1, "a second before the deadline the operation still waits")
    await clock.advance(by: .seconds(1))
    let error = await #expect(throws: AnswerDeadlinePassed.self) { try await waiting.value }
    #expect(error?.description == "no answer within 30 s")
    // The abandoned operation ends whenever it does; nothing waits for it.
    gate.open()
  }

  @Test func anAnswerBeforeTheDeadlineIsReturnedAndItsTimerStops() async throws {
    let clock = VirtualClock()
    let value = try await withAnswerDeadline(AnswerDeadline(limit: .seconds(30), clock: clock)) { 42 }
    #expect(value == 42)
    // The timer's task was cancelled: its sleep ends without the clock moving.
    for _ in 0..<1_000 where clock.sleepCount != 0 { await Task.yield() }
    #expect(clock.sleepCount == 0)
  }

  @Test func anOperationsOwnErrorComesBackAsItIs() async throws {
    struct Refused: Error, Equatable {}
    let clock = VirtualClock()
    await #expect(throws: Refused()) {
      _ = try await withAnswerDeadline(AnswerDeadline(limit: .seconds(30), clock: clock)) { () throws -> Int in throw Refused() }
    }
  }
}
