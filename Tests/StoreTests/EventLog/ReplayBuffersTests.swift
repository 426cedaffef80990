import Foundation
import Testing

@testable import EventLog

/// The buffers replay keeps actions in without generic arrays: a chunk's actions
/// (`ParsedActions`) and those a divergence lists (`RecentActions`). Each holds every value it
/// was given, in order, and releases each exactly once.
struct ReplayBuffersTests {
  @Test func aChunksActionsGrowPastTheirFirstCapacityInOrder() {
    let census = Census()
    do {
      let actions = ParsedActions<Tracked>(capacity: 4)
      for number in 0..<1_000 { #expect(actions.append(Tracked(number, census)) == number) }
      #expect(actions.count == 1_000)
      #expect((0..<1_000).allSatisfy { actions[$0].number == $0 })
      #expect(census.alive == 1_000)
    }
    #expect(census.alive == 0)
  }

  @Test func recentActionsListTheFewSinceTheLastMatchOrTheLastOne() {
    let census = Census()
    do {
      let recent = RecentActions<Tracked>()
      for number in 1...3 { recent.folded(Tracked(number, census)) }
      #expect(recent.shown(after: 10).map { $0.seq } == [11, 12, 13])
      #expect(recent.shown(after: 10).map { $0.action.number } == [1, 2, 3])
      for number in 4...9 { recent.folded(Tracked(number, census)) }
      // More than `listed`: only the last, with its seq.
      #expect(recent.shown(after: 10).map { $0.seq } == [19])
      #expect(recent.shown(after: 10).map { $0.action.number } == [9])
      #expect(census.alive == 1)
      recent.checkpointMatched()
      #expect(recent.shown(after: 19).isEmpty)
      #expect(census.alive == 0)
      recent.folded(Tracked(20, census))
      #expect(recent.shown(after: 19).map { $0.action.number } == [20])
    }
    #expect(census.alive == 0)
  }
}
