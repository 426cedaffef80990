import IssueReporting
public import Foundation

/// Makes UUIDs: `@Dependency(\.uuid) var uuid`, then `uuid()`.
///
/// Read it instead of calling `UUID()` in a reducer, so that a test can say which ids come
/// (`.incrementing`), and so that a recorded log replays: the UUIDs a reducer draws while a
/// recording store folds are written into the log (``Draw``), and replay hands them back.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  public func callAsFunction() -> UUID {
    guard let tape = DrawTape.current else { return generate() }
    return tape.draw("uuid", live: generate, standIn: { UUID() }, wrap: Draw.uuid) {
      if case .uuid(let value) = $0 { value } else { nil }
    }
  }

  /// Random UUIDs (`UUID()`).
  public static let live = UUIDGenerator { UUID() }

  /// `UUID(0)` (`00000000-0000-0000-0000-000000000000`), then `UUID(1)`, `UUID(2)`, and so
  /// on: one counter per generator, so make one per store.
  public static var incrementing: UUIDGenerator {
    let counter = LockedCounter()
    return UUIDGenerator { UUID(counting: counter.next()) }
  }

  /// The same UUID every time.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

extension UUID {
  /// The UUID whose last 12 hex digits are `intValue`: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`, what `UUIDGenerator.incrementing` makes second.
  /// For tests.
  public init(_ intValue: Int) {
    precondition(intValue >= 0 && intValue < 1 << 48, "UUID(_:) takes 0 ..< 2^48")
    self.init(counting: UInt64(intValue))
  }

  init(counting count: UInt64) {
    self.init(uuidString: "00000000-0000-0000-0000-\(String(format: "%012llx", count))")!
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.live
  static let testValue = UUIDGenerator {
    reportIssue(#"Unimplemented: @Dependency(\.uuid). Override it for this test, e.g. with "$0.uuid = .incrementing"."#)
    return UUID()
  }
}

extension DependencyValues {
  /// Makes UUIDs. Under a test runner it must be overridden.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
