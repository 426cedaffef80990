import Foundation
import Synchronization
import Testing

@testable import StoreCore

/// The states kept for checkpoints pass from the store to the writer with no lock
/// (`KeptStates`): in order, each once, none leaked, and the store refills the nodes the
/// writer is done with rather than allocate.
struct KeptStatesTests {
  @Test func statesComeOutInOrderAndOnlyForTheirSeq() {
    let states = KeptStates<String>()
    states.keep("a", seq: 10)
    states.keep("b", seq: 20)
    #expect(states.take(seq: 5) == nil, "no state was kept for 5")
    #expect(states.take(seq: 10) == "a")
    #expect(states.take(seq: 10) == nil, "a state comes out once")
    #expect(states.take(seq: 20) == "b")
    #expect(states.take(seq: 30) == nil, "none kept yet")
    states.keep("c", seq: 30)
    #expect(states.take(seq: 30) == "c")
  }

  /// The writer asks only at checkpoint seqs; one it skipped is dropped on the way to the next.
  @Test func aSkippedStateIsDroppedOnTheWayToTheNext() {
    let census = Census()
    let states = KeptStates<Tracked>()
    states.keep(Tracked(1, census), seq: 1)
    states.keep(Tracked(2, census), seq: 2)
    #expect(states.take(seq: 2)?.number == 2)
    #expect(census.alive == 0, "the state skipped and the one taken are both released")
  }

  /// A burst keeps and takes in turn, as the store and a writer that keeps up do: one node
  /// beyond the first serves them all, each refilled once the writer has left it.
  @Test func nodesTheWriterLeftAreRefilledNotAllocated() {
    let states = KeptStates<Int>()
    for seq in 1...10_000 {
      states.keep(seq, seq: UInt64(seq))
      #expect(states.take(seq: UInt64(seq)) == seq)
    }
    #expect(states.nodesMade <= 3, "\(states.nodesMade) nodes made for 10,000 states taken in turn")
    // A writer 100 behind: the chain grows to what is pending, then stops growing.
    for seq in 10_001...10_100 { states.keep(seq, seq: UInt64(seq)) }
    let made = states.nodesMade
    for seq in 10_101...20_000 {
      states.keep(seq, seq: UInt64(seq))
      #expect(states.take(seq: UInt64(seq - 100)) == seq - 100)
    }
    #expect(states.nodesMade <= made + 2, "the chain grew from \(made) to \(states.nodesMade) nodes with 100 pending")
  }

  @Test func droppedAndUntakenStatesAreReleased() {
    let census = Census()
    do {
      let states = KeptStates<Tracked>()
      for seq in 1...5 { states.keep(Tracked(seq, census), seq: UInt64(seq)) }
      states.dropAll()
      #expect(census.alive == 0, "dropAll releases every state kept")
      #expect(states.take(seq: 5) == nil)
      for seq in 6...10 { states.keep(Tracked(seq, census), seq: UInt64(seq)) }
      #expect(census.alive == 5)
    }
    #expect(census.alive == 0, "states never taken are released with the chain")
  }

  /// The store on one thread, the writer on another, with no lock between them: every state
  /// comes out once, in order, with its seq. (CI runs this under ThreadSanitizer too.)
  @Test func aStoreAndAWriterOnTwoThreads() {
    let count = 50_000
    let states = KeptStates<[Int]>()
    let storeDone = DoneFlag()
    let store = Thread {
      for seq in 1...count { states.keep([seq, seq &* 3], seq: UInt64(seq) * 7) }
      storeDone.set()
    }
    store.start()
    var taken = 0
    var wrong: [Int] = []
    while taken < count {
      let seq = taken + 1
      // Read before the take: once the store is done, every state is kept, so a take that
      // finds none then means one was lost.
      let storeWasDone = storeDone.isSet
      if let state = states.take(seq: UInt64(seq) * 7) {
        if state != [seq, seq &* 3] { wrong.append(seq) }
        taken += 1
      } else if storeWasDone {
        break
      }
    }
    #expect(taken == count, "\(taken) of \(count) states came out")
    #expect(wrong.isEmpty, "states that came out wrong, at seqs \(wrong.prefix(5))")
  }
}

/// Set once by the thread that is done; read by the other.
final class DoneFlag: Sendable {
  private let flag = Atomic<Bool>(false)
  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}
