public import Foundation
import Reducers
import Store

extension Bench {
  /// W5: a recorded `AmountInput` session of W3's keystrokes, cycled, replayed with
  /// verification on.
  ///
  /// ```swift
  /// let workload = try await Bench.ReplayWorkload.record(events: 1_000_000, to: url)
  /// let events = try workload.replay()   // 1,000,000
  /// ```
  public struct ReplayWorkload: Sendable {
    public let file: URL
    public let events: Int

    /// Records the log through a real store and recorder (fsync `never`: the log is a fixture,
    /// and a million fsyncs would measure the disk). About two seconds for 1,000,000 events.
    ///
    /// - Parameters:
    ///   - distinct: type a different text for every event rather than cycle through W3's
    ///     keystrokes, so that no action repeats.
    ///   - session: with `distinct`, starts every text with these digits, so that logs recorded
    ///     with different sessions differ in their actions, not only in their times (W11's
    ///     logs, which a log store would otherwise take as repeats of each other).
    @MainActor
    public static func record(events: Int, to file: URL, distinct: Bool = false, session: Int? = nil) async throws
      -> ReplayWorkload
    {
      let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
        file: file,
        feature: "amountInput",
        initialState: AmountInput.State(),
        options: RecorderOptions(fsync: .never, existingFile: .replace)
      )
      let store = Store(initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder])
      for index in 0..<events {
        let text = distinct ? (session.map { "\($0)0" } ?? "") + distinctKeystroke(index) : keystroke(index)
        store.send(.textChanged(text))
      }
      try await recorder.close()
      return ReplayWorkload(file: file, events: events)
    }

    /// A text no other event of the log has: the digits of `index`.
    static func distinctKeystroke(_ index: Int) -> String { String(index) }

    /// Replays the whole log, checking every checkpoint; returns how many events it folded.
    ///
    /// - Parameter codable: decode the actions through `Decodable` (``CodableAmountInput``)
    ///   rather than `AmountInput.Action`'s `LogDecodable` reader.
    public func replay(codable: Bool = false) throws -> Int {
      let result =
        codable
        ? try Replayer(reducer: CodableAmountInput()).replay(file: file, until: nil, verify: true)
        : try Replayer(reducer: AmountInput()).replay(file: file, until: nil, verify: true)
      precondition(result.eventCount == events, "replayed \(result.eventCount) events of \(events)")
      precondition(result.verifiedCheckpoints >= events / 1_000, "verified \(result.verifiedCheckpoints) checkpoints")
      return result.eventCount
    }
  }
}
