import Foundation
import Testing

@testable import StoreCore

/// Emptied blocks pass from the writer back to the store with no lock (`SpareBlocks`): each
/// once, the oldest first, no more than the capacity kept, and none leaked.
struct SpareBlocksTests {
  @Test func blocksComeBackOnceOldestFirst() {
    let spares = SpareBlocks<Int>(capacity: 4)
    #expect(spares.take() == nil, "none put yet")
    let blocks = (0..<3).map { _ in CommitBlock<Int>() }
    for block in blocks { spares.put(block) }
    for block in blocks { #expect(spares.take() === block) }
    #expect(spares.take() == nil, "each block comes back once")
  }

  /// A writer far ahead of the store keeps `capacity` blocks and frees the rest: the spare
  /// memory stays bounded (4 MiB in a queue).
  @Test func beyondTheCapacityABlockIsFreed() {
    weak var freed: CommitBlock<Int>?
    let spares = SpareBlocks<Int>(capacity: 2)
    let kept = [CommitBlock<Int>(), CommitBlock<Int>()]
    for block in kept { spares.put(block) }
    do {
      let extra = CommitBlock<Int>()
      freed = extra
      spares.put(extra)
    }
    #expect(freed == nil, "a block past the capacity is not kept")
    #expect(spares.take() === kept[0])
    #expect(spares.take() === kept[1])
    #expect(spares.take() == nil)
  }

  @Test func blocksStillSpareAreFreedWithTheRing() {
    weak var spare: CommitBlock<Int>?
    do {
      let spares = SpareBlocks<Int>(capacity: 3)
      let block = CommitBlock<Int>()
      spare = block
      spares.put(block)
      spares.put(CommitBlock<Int>())
      _ = spares.take()
    }
    #expect(spare == nil, "a block taken and one never taken are both freed")
  }

  /// The writer puts on one thread while the store takes on another, through a ring smaller
  /// than what passes: every block kept comes out once, in the order put, with what the
  /// writer wrote in it. (CI runs this under ThreadSanitizer too.)
  @Test func aWriterAndAStoreOnTwoThreads() {
    let count = 5_000
    let spares = SpareBlocks<Int>(capacity: 8)
    let kept = KeptCount()
    let writerDone = DoneFlag()
    let writer = Thread {
      for tag in 1...count {
        let block = CommitBlock<Int>()
        block.actions.initialize(to: tag)
        if spares.put(block) { kept.add() }
      }
      writerDone.set()
    }
    writer.start()
    var tags: [Int] = []
    while true {
      // Read before the take, as in `KeptStatesTests`: once the writer is done, a take that
      // finds nothing means the ring is empty for good.
      let writerWasDone = writerDone.isSet
      if let block = spares.take() {
        tags.append(block.actions.pointee)
      } else if writerWasDone {
        break
      }
    }
    #expect(tags.count == kept.value, "\(tags.count) blocks came out of \(kept.value) kept")
    #expect(zip(tags, tags.dropFirst()).allSatisfy { $0 < $1 }, "blocks came out in the order put, each once")
  }
}

/// Counted on the writer's thread, read once it is done.
private final class KeptCount: @unchecked Sendable {
  // NB: @unchecked: written by one thread, read after `DoneFlag` says it is done.
  private(set) var value = 0
  func add() { value += 1 }
}
