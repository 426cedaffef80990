import Foundation
import Testing

/// `inspect`, `replay` and `check` on logs whose one action is JSON that expands many times when
/// parsed (issue 54: 3 MB of `{}` made `inspect` peak at 837 MB): the line is refused by its
/// parsed size, with the file, the line, the limit and how to raise it, and the command's peak
/// stays small.
@Suite(.serialized)
struct AmplifiedLogTests {
  /// A refused line costs its bytes, not its tree: what a command may hold above the same
  /// `refold` at rest (`refold --help`), which is about 30 MiB in the debug build and 85 MiB
  /// under ThreadSanitizer (its runtime and shadow memory), so the bound is the same in both.
  static let aboveRestMiB = 70.0

  /// The peak of `refold --help`, run once.
  static func restMiB() async throws -> Double {
    let rest = try await MeasuredRun.run(["--help"])
    #expect(rest.status == 0, "\(rest.stderr)")
    return rest.peakMiB
  }

  static let shapes: [AmplifyingShape] = [.objects, .arrays, .numbers, .strings, .members, .nested]
  static let limitMessage = "more than the 64 MiB allowed; REFOLD_MAX_PARSED_BYTES=BYTES raises the limit"

  func write(_ shape: AmplifyingShape, in directory: TemporaryDirectory) throws -> String {
    try directory.file("\(shape.rawValue).log", contents: Data(shape.log(bytes: 3 << 20)))
  }

  @Test(arguments: shapes)
  func everyReaderRefusesTheLineAndSaysWhereAndHowToRaiseTheLimit(shape: AmplifyingShape) async throws {
    let directory = try TemporaryDirectory()
    let log = try write(shape, in: directory)
    let line = "\(log):2 (seq 1): the line is too large to read: its "

    let replay = try await MeasuredRun.run(["replay", log])
    #expect(replay.status == 2, "\(replay.stderr)")
    #expect(replay.stderr.hasPrefix("refold: \(line)"), "\(replay.stderr)")
    #expect(replay.stderr.contains(Self.limitMessage), "\(replay.stderr)")

    let inspect = try await MeasuredRun.run(["inspect", log])
    #expect(inspect.status == 2, "\(inspect.stderr)")
    #expect(inspect.stdout.contains("line 2 (seq 1): framing: the line is too large to read: its "), "\(inspect.stdout)")

    let check = try await MeasuredRun.run(["check", log])
    #expect(check.status != 0, "\(check.stdout)\(check.stderr)")
    #expect((check.stdout + check.stderr).contains(":2 (seq 1): the line is too large to read: its "), "\(check.stdout)\(check.stderr)")

    let rest = try await Self.restMiB()
    for (name, run) in [("replay", replay), ("inspect", inspect), ("check", check)] {
      #expect(
        run.peakMiB - rest < Self.aboveRestMiB,
        "\(name) on \(shape.rawValue): peak \(run.peakMiB) MiB, \(rest) MiB at rest")
    }
  }

  /// Raised, the limit lets the line be parsed; what it holds is then not an action of the
  /// feature, and says so. The memory stays within the limit.
  @Test func aRaisedLimitParsesTheLineWithinIt() async throws {
    let directory = try TemporaryDirectory()
    let log = try write(.objects, in: directory)
    let replay = try await MeasuredRun.run(["replay", log], environment: ["REFOLD_MAX_PARSED_BYTES": "128M"])
    #expect(replay.status == 2, "\(replay.stderr)")
    #expect(replay.stderr.contains("\(log):2 (seq 1): cannot decode the action"), "\(replay.stderr)")
    let rest = try await Self.restMiB()
    #expect(replay.peakMiB - rest < Self.aboveRestMiB + 128, "peak \(replay.peakMiB) MiB, \(rest) MiB at rest")
  }

  @Test func aLimitThatIsNotASizeIsAUsageError() async throws {
    let output = try await RefoldProcess.run(["features"], environment: ["REFOLD_MAX_PARSED_BYTES": "lots"])
    #expect(output.status == 64, "\(output.stderr)")
    #expect(output.stderr == "refold: REFOLD_MAX_PARSED_BYTES=lots: expected a size in bytes, like 268435456 or 256M\n")
  }
}
