import CustomDump
public import Store

extension Bench {
  /// TCA's `_printChanges()` as a plugin: each action, and `diff(old, new)` of the whole state,
  /// every commit. The reference `ChangesPrinter` is measured against (Printer.fullDiff): that
  /// one compares the fields' bytes first and diffs only the fields that changed.
  ///
  /// ```swift
  /// let sink = Bench.PrintSink()
  /// let printer = Bench.FullDiffPrinter<State, Action>(initialState: state) { sink.write($0) }
  /// ```
  ///
  /// Its header line is `ChangesPrinter`'s (`#seq origin: action`), so the two print the same
  /// action text and differ only in how they find and show the change.
  public final class FullDiffPrinter<State, Action>: StorePlugin {
    private var previous: State
    private let output: @Sendable (String) -> Void

    public init(initialState: State, output: @escaping @Sendable (String) -> Void) {
      self.previous = initialState
      self.output = output
    }

    public func didCommit(_ commit: Commit<State, Action>) {
      defer { previous = commit.state }
      let header = "#\(commit.seq) \(commit.origin.rawValue): \(String(customDumping: commit.action))"
      output(header + "\n" + (diff(previous, commit.state) ?? "(no change)"))
    }
  }
}
