import Testing

@testable import StoreCore

/// Pushes `count` commits onto `queue`, the first of them numbered `first`, then takes them back
/// as the writer does, and records an issue unless every commit comes out with its own action,
/// the origin it was pushed with, and a time the clock read while it was pushed (never earlier
/// than the commit's before). The queue admits them all without a consumer (small commits).
func expectCommitsRoundTrip<Action: Equatable>(
  _ queue: CommitQueue<Int, Action>, first: Int, count: Int, action: (Int) -> Action, origin: (Int) -> ActionOrigin,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var windows: [ClosedRange<UInt64>] = []
  for number in first..<(first + count) {
    let before = CommitTime.now().nanosecondsSince1970
    #expect(queue.push(origin: origin(number), action: action(number), state: number), sourceLocation: sourceLocation)
    // The stamp keeps the time but for its last bit.
    windows.append((before & ~1)...CommitTime.now().nanosecondsSince1970)
  }
  var stamp = CommitStamp.blank
  var previousTime: UInt64 = 0
  var wrong: [String] = []
  for (offset, window) in windows.enumerated() {
    let number = first + offset
    let taken = queue.takeNext(stamp: &stamp)
    let time = stamp.time.nanosecondsSince1970
    if taken != action(number) || stamp.origin != origin(number) || !window.contains(time) || time < previousTime {
      wrong.append("commit \(number + 1): \(taken), \(stamp.origin), at \(time) for \(window)")
    }
    previousTime = time
  }
  let firstWrong = wrong.first
  #expect(firstWrong == nil, "\(wrong.count) commits taken unlike they were pushed", sourceLocation: sourceLocation)
  #expect(queue.takenSeq == UInt64(first + count), sourceLocation: sourceLocation)
}
