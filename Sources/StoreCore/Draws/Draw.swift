public import Foundation
public import JSONCodec

/// A value a reducer drew from a nondeterministic dependency while it folded one action: a
/// UUID, a date, a random number, or a value it read from outside its state (``recordedRead(_:_:)``).
///
/// A store that records keeps them with the commit (``Commit/draws``), the event log writes
/// them into the event's line, and replay hands the same values back to the reducer, in the
/// same order. That is what makes a reducer that reads `@Dependency(\.uuid)` replay to the
/// same states on every machine, every time.
public enum Draw: Equatable, Sendable {
  case uuid(UUID)
  case date(Date)
  /// One `next()` of the generator lent by `withRandomNumberGenerator`.
  case random(UInt64)
  /// A value read through ``recordedRead(_:_:)``: its name, and the value's JSON.
  case read(String, JSONValue)

  /// The dependency it came from, as messages name it.
  public var kind: String {
    switch self {
    case .uuid: "uuid"
    case .date: "date"
    case .random: "random"
    case .read(let name, _): "read of \"\(name)\""
    }
  }

  /// A value read through ``recordedRead(_:_:)``, its value written as JSON text: how a test
  /// that `refold test-gen` writes spells it.
  ///
  /// - Throws: when `json` is not one JSON value.
  public static func read(_ name: String, json: String) throws -> Draw {
    .read(name, try JSONParser.parse(text: json))
  }
}
