import Clocks
import Testing

/// Four parameterized main-actor tests, each advancing a TestClock past four sleeping tasks.
/// `advance` wakes them only if they have registered their sleeps by then, which it hopes to
/// have let happen by yielding (`Task.megaYield`); every test must see all four wake.
@MainActor
struct StallTests {
  @Test(arguments: 0..<4)
  func advancingWakesEverySleeper(round: Int) async throws {
    let clock = TestClock()
    let woken = Woken()
    var tasks: [Task<Void, any Error>] = []
    for index in 0..<4 {
      tasks.append(Task {
        try await clock.sleep(for: .milliseconds(100 * (index + 1)))
        await woken.add(index)
      })
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { try await task.value }
    #expect(await woken.all == [0, 1, 2, 3])
  }
}

actor Woken {
  private var indices: Set<Int> = []
  func add(_ index: Int) { indices.insert(index) }
  var all: [Int] { indices.sorted() }
}
