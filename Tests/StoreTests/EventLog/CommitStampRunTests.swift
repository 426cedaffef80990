import Synchronization
import Testing

@testable import StoreCore

/// A block writes a commit's stamp only where it differs from the commit's before
/// (`CommitBlock.stamps`), and the writer gives every commit its own stamp back: the origin it
/// was pushed with, and a time the clock read while it was pushed.
@MainActor
struct CommitStampRunTests {
  /// A burst within one clock tick shares one stamp: a block of commits whose origins never
  /// change holds no more stamps than the clock had readings meanwhile, not one per commit.
  @Test func aBurstWritesAStampOnlyWhenTheClockMoves() {
    let queue = CommitQueue<Int, Void>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    queue.estimate(bytesPerCommit: 1)
    let block = queue.tail
    var readings: Set<UInt64> = [CommitTime.now().nanosecondsSince1970]
    for value in 0..<CommitBlock<Void>.capacity {
      #expect(queue.push(origin: .send, action: (), state: value))
      readings.insert(CommitTime.now().nanosecondsSince1970)
    }
    let stamps = block.stampCount.load(ordering: .relaxed)
    #expect(stamps >= 1)
    #expect(stamps <= readings.count, "\(stamps) stamps for \(CommitBlock<Void>.capacity) commits over \(readings.count) clock readings")
  }

  /// Runs of one origin of several lengths (every commit, three, a block less one, a block, a
  /// block and one), so that stamps change at a block's first and last commit and in between;
  /// each round fills blocks the round before emptied, which still hold its stamps past the
  /// count. Every commit comes out with its origin and a time read while it was pushed.
  @Test func everyCommitComesOutWithItsOwnOriginAndTimeAcrossBlocksAndReuse() {
    let capacity = CommitBlock<UInt32>.capacity
    let queue = CommitQueue<Int, UInt32>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    queue.estimate(bytesPerCommit: 1)
    let count = capacity * 5 / 2
    for (round, runLength) in [1, capacity, 3, capacity + 1, capacity - 1, 1].enumerated() {
      let first = round * count
      expectCommitsRoundTrip(
        queue, first: first, count: count, action: { UInt32($0) },
        origin: { (($0 - first) / runLength).isMultiple(of: 2) ? .send : .effect })
    }
  }
}
