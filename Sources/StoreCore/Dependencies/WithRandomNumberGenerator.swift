import IssueReporting
/// Lends a random number generator: `@Dependency(\.withRandomNumberGenerator) var random`, then
/// `random { Int.random(in: 1...6, using: &$0) }`.
///
/// Read it instead of `Int.random(in:)` in a reducer, so that a test can seed it
/// (`.seeded(42)`), and so that a recorded log replays: each number a reducer draws while a
/// recording store folds is written into the log (``Draw``), and replay hands them back.
public struct WithRandomNumberGenerator: Sendable {
  private let generator: LockedGenerator

  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockedGenerator(generator)
  }

  /// Runs `work` with the generator.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    guard let tape = DrawTape.current else { return try generator.withGenerator(work) }
    return try generator.withGenerator { live in
      var taped: any RandomNumberGenerator = TapedGenerator(live: live, tape: tape)
      defer { live = (taped as! TapedGenerator).live }
      return try work(&taped)
    }
  }

  /// The system's generator.
  public static var live: WithRandomNumberGenerator { WithRandomNumberGenerator(SystemRandomNumberGenerator()) }

  /// A generator that gives the same numbers for the same seed, on every machine (SplitMix64).
  public static func seeded(_ seed: UInt64) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(SeededGenerator(state: seed))
  }
}

/// Tapes each number the live generator gives (recording), or gives the recorded ones
/// (replaying).
private struct TapedGenerator: RandomNumberGenerator {
  var live: any RandomNumberGenerator
  let tape: DrawTape

  mutating func next() -> UInt64 {
    tape.draw("random", live: { live.next() }, standIn: { UInt64.random(in: .min ... .max) }, wrap: Draw.random) {
      if case .random(let value) = $0 { value } else { nil }
    }
  }
}

/// SplitMix64: small, fast, and the same on every platform.
struct SeededGenerator: RandomNumberGenerator, Sendable {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator.live
  static let testValue = WithRandomNumberGenerator(UnimplementedGenerator())
}

/// Reports when a number is drawn (not when the dependency is read: replay reads it, and hands
/// back recorded numbers instead of drawing).
private struct UnimplementedGenerator: RandomNumberGenerator, Sendable {
  mutating func next() -> UInt64 {
    reportIssue(
      #"Unimplemented: @Dependency(\.withRandomNumberGenerator). Override it for this test, e.g. with "$0.withRandomNumberGenerator = .seeded(0)"."#
    )
    var system = SystemRandomNumberGenerator()
    return system.next()
  }
}

extension DependencyValues {
  /// Lends a random number generator. Under a test runner it must be overridden.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}
