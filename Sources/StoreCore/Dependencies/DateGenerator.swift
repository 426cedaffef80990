import IssueReporting
public import Foundation

/// Tells the current date: `@Dependency(\.date) var date`, then `date.now` or `date()`.
///
/// Read it instead of calling `Date()` in a reducer, so that a test can fix the time
/// (`.constant(…)`), and so that a recorded log replays: the dates a reducer draws while a
/// recording store folds are written into the log (``Draw``), and replay hands them back.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  public var now: Date {
    guard let tape = DrawTape.current else { return generate() }
    return tape.draw("date", live: generate, standIn: { Date() }, wrap: Draw.date) {
      if case .date(let value) = $0 { value } else { nil }
    }
  }

  public func callAsFunction() -> Date { now }

  /// The system's clock (`Date()`).
  public static let live = DateGenerator { Date() }

  /// The same date every time.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator.live
  static let testValue = DateGenerator {
    reportIssue(#"Unimplemented: @Dependency(\.date). Override it for this test, e.g. with "$0.date = .constant(…)"."#)
    return Date()
  }
}

extension DependencyValues {
  /// Tells the current date. Under a test runner it must be overridden.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
