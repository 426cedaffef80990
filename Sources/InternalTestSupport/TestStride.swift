import Foundation

/// Which cases of an exhaustive walk a test visits: every one in `make test`; where
/// `REFOLD_TEST_STRIDE` is set (CI's two sanitizer stages set 4), the first, one in that many
/// after it, and the last.
///
/// A walk such as "flip each byte of a log and replay it" finds the input a parser gets wrong,
/// which `make test` does over every case. Under a sanitizer the same single-threaded walk runs
/// 5 to 15 times slower: AddressSanitizer's stage has the fuzzer beside it feeding the same
/// reader damaged logs, and under ThreadSanitizer such a walk can find nothing (a race needs two
/// threads), so a sample keeps a sanitizer stage's time for what only it can find.
public enum TestStride {
  /// `REFOLD_TEST_STRIDE`, 1 when unset. A value that is not a whole number of at least 1 stops
  /// the run, naming it, rather than being read as 1 and walking what the caller meant to skip
  /// (or skipping what it meant to walk).
  public static let step: Int = {
    guard let text = ProcessInfo.processInfo.environment["REFOLD_TEST_STRIDE"] else { return 1 }
    guard let value = Int(text), value >= 1 else {
      fatalError("REFOLD_TEST_STRIDE is '\(text)': it must be a whole number of at least 1 (1 visits every case)")
    }
    return value
  }()

  /// The elements of `cases` a walk visits: all of them, or the first, one in ``step`` after it
  /// and the last.
  public static func sample<C: Collection>(_ cases: C) -> [C.Element] {
    sample(cases, step: step)
  }

  /// ``sample(_:)`` with the step given, for the tests of this type.
  public static func sample<C: Collection>(_ cases: C, step: Int) -> [C.Element] {
    precondition(step >= 1, "a stride of \(step)")
    let all = Array(cases)
    guard step > 1, !all.isEmpty else { return all }
    var picked = stride(from: 0, to: all.count, by: step).map { all[$0] }
    // The last case too: a walk over a log's bytes ends on its final newline, a case of its own
    // (a torn tail), which a sample must not lose to the stride.
    if (all.count - 1) % step != 0 { picked.append(all[all.count - 1]) }
    return picked
  }
}
