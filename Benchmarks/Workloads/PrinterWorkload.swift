import Store
import Synchronization

extension Bench {
  /// What prints the changes of the printer benchmarks' store.
  public enum Printer: String, CaseIterable, Sendable {
    /// No plugin: the fold alone, the baseline the other two are read against.
    case none
    /// StoreCore's `ChangesPrinter`: `==` per field, a diff of the changed one.
    case changes
    /// ``FullDiffPrinter``: a diff of the whole state, as TCA's `_printChanges()` does.
    case fullDiff
  }

  /// Printer.none, Printer.changes and Printer.fullDiff: the same stream of actions, each
  /// changing one of ``Settings``'s 40 fields, round robin, folded by a store with the printer
  /// as its plugin (or none).
  ///
  /// ```swift
  /// let fixture = Bench.PrinterStore(.changes)   // on the main actor
  /// fixture.run(1_000)
  /// assert(fixture.notifications == 1_000)      // one text per action
  /// ```
  public final class PrinterStore: BenchFixture {
    private let store: Store<Settings.State, Settings.Action>
    private let sink = PrintSink()
    private var next = 0

    public init(_ printer: Printer) {
      let sink = sink
      let plugins: [any StorePlugin<Settings.State, Settings.Action>] =
        switch printer {
        case .none: []
        case .changes:
          [ChangesPrinter<Settings.State, Settings.Action>(initialState: Settings.State()) { sink.write($0) }]
        case .fullDiff:
          [FullDiffPrinter<Settings.State, Settings.Action>(initialState: Settings.State()) { sink.write($0) }]
        }
      store = Store(initialState: Settings.State(), reducer: Settings(), plugins: plugins)
    }

    /// The texts printed since setup: one per action, none without a printer.
    public var notifications: Int { sink.texts }

    public func run(_ count: Int) {
      for _ in 0..<count {
        store.send(.change(field: next))
        next = next == Settings.State.fieldCount - 1 ? 0 : next + 1
      }
    }
  }

  /// Where the printers' text goes: counted, never written, so that a benchmark measures making
  /// the text and not the terminal. The counts are atomics because a printer's output closure is
  /// `@Sendable`; and, being stores the optimiser must keep, they keep the text from being
  /// optimised away.
  public final class PrintSink: Sendable {
    private let textCount = Atomic<Int>(0)
    private let byteCount = Atomic<Int>(0)

    public init() {}

    public func write(_ text: String) {
      textCount.add(1, ordering: .relaxed)
      byteCount.add(text.utf8.count, ordering: .relaxed)
    }

    /// How many texts were written.
    public var texts: Int { textCount.load(ordering: .relaxed) }
    /// Their length in UTF-8 bytes, all told.
    public var bytes: Int { byteCount.load(ordering: .relaxed) }
  }
}
