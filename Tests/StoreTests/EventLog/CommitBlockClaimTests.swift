import Testing

@testable import StoreCore

/// The lines the store claims ahead of its writes (`CommitBlock.claimAhead(of:)`) stay in the
/// block they belong to, whatever the action's size, and the block's room for them leaves its
/// commits as they were pushed.
@MainActor
struct CommitBlockClaimTests {
  struct NineBytes: Equatable { var value: Int; var flag: Bool }
  struct HundredBytes { var words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int); var tail: UInt32 }

  @Test func everyClaimOfEveryCommitIsInsideItsBlock() {
    expectClaimsInside(CommitBlock<Void>())
    expectClaimsInside(CommitBlock<UInt8>())
    expectClaimsInside(CommitBlock<NineBytes>())
    expectClaimsInside(CommitBlock<HundredBytes>())
    expectClaimsInside(CommitBlock<String>())
  }

  private func expectClaimsInside<Action>(_ block: CommitBlock<Action>, sourceLocation: SourceLocation = #_sourceLocation) {
    let extent = block.extent
    var outside: [Int] = []
    for index in 0..<CommitBlock<Action>.capacity {
      let claim = block.claim(ahead: index)
      if let claim, !extent.contains(claim) { outside.append(index) }
      // Actions that take no bytes are not claimed; all others are.
      #expect((claim == nil) == (MemoryLayout<Action>.size == 0), sourceLocation: sourceLocation)
    }
    let firstOutside = outside.first
    #expect(firstOutside == nil, "\(Action.self): the claims of \(outside.count) commits leave the block", sourceLocation: sourceLocation)
  }

  @Test func actionsOfEverySizeComeOutAsTheyWentInAcrossBlocks() {
    let count = CommitBlock<NineBytes>.capacity * 3 + 5
    let small = CommitQueue<Int, NineBytes>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    let large = CommitQueue<Int, HundredBytes>(lastSeq: 0, initialState: 0, keepingStateEvery: 1 << 40)
    small.estimate(bytesPerCommit: 1)
    large.estimate(bytesPerCommit: 1)
    for value in 0..<count {
      #expect(small.push(origin: .send, action: NineBytes(value: value, flag: value.isMultiple(of: 3)), state: value))
      let words = (value, value + 1, value + 2, value + 3, value + 4, value + 5, value + 6, value + 7, value + 8, value + 9, value + 10, value + 11)
      #expect(large.push(origin: .effect, action: HundredBytes(words: words, tail: UInt32(value)), state: value))
    }
    var stamp = CommitStamp.blank
    var wrong: [Int] = []
    for value in 0..<count {
      let nine = small.takeNext(stamp: &stamp)
      if nine != NineBytes(value: value, flag: value.isMultiple(of: 3)) || stamp.origin != .send { wrong.append(value) }
      let hundred = large.takeNext(stamp: &stamp)
      if hundred.words.0 != value || hundred.words.11 != value + 11 || hundred.tail != UInt32(value) || stamp.origin != .effect {
        wrong.append(value)
      }
    }
    let firstWrong = wrong.first
    #expect(firstWrong == nil, "\(wrong.count) commits taken unlike they were pushed")
    #expect(small.takenSeq == UInt64(count) && large.takenSeq == UInt64(count))
  }
}
