import CustomDump
public import Foundation

extension Replayer {
  /// How the state changed between two seqs of a log, rendered by swift-custom-dump: lines
  /// starting with `-` are the state at `from`, `+` at `to`. `"no difference"` when equal.
  ///
  /// ```swift
  /// print(try Replayer(reducer: AmountInput()).diff(file: url, from: 3, to: 4))
  /// //   AmountInput.State(
  /// // -   text: "12",
  /// // +   text: "123",
  /// //     …
  /// ```
  ///
  /// Each side is replayed from its nearest snapshot. Seq 0 is the initial state.
  public func diff(file: URL, from: UInt64, to: UInt64) throws -> String {
    let before = try replay(file: file, until: from).state
    let after = try replay(file: file, until: to).state
    return CustomDump.diff(before, after) ?? "no difference"
  }
}
