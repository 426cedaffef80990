/// An action type that gives one action of each of its cases, so that `refold` knows its case
/// names: `refold features` prints every case with a line that runs, and a misspelt action
/// line gets a "did you mean" naming the case it was closest to.
///
/// Swift's synthesized `Codable` knows the case names but lists them nowhere, so a feature
/// says them through examples. The names are read by encoding the examples, never typed, so
/// each is exactly the key the action's `Decodable` accepts. A payload that is itself an
/// `ActionCaseExamples` (a child feature's action) shows its own cases under its parent's.
///
/// ```swift
/// extension Counter.Action: ActionCaseExamples {
///   public static let caseExamples: [Self] = [
///     .incrementTapped, .delayedIncrementTapped, .cancelTapped, .factTapped, .factResponse("2 is prime."),
///   ]
/// }
/// ```
///
/// It is optional: without it `refold features` prints ``RefoldFeature/exampleActions``, and an
/// action line that names no case still gets its line, its path and the wrong key, with no
/// suggestion.
public protocol ActionCaseExamples: Codable {
  /// One action of each case, in the order the cases are declared.
  static var caseExamples: [Self] { get }
}
