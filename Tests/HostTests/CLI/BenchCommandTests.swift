import Foundation
import Testing

/// `refold bench --json`: the rows of every workload, from a real run of the command (in the test
/// build, so only the shape and the counts are checked, never a speed).
struct BenchCommandTests {
  struct Row: Decodable {
    var workload: String
    var system: String
    var nsPerOp: Double?
    var mallocsPerOp: Double?
    var notificationsPerOp: Double?
    var eventsPerSecond: Double?
    var peakMiB: Double?
  }

  @Test func jsonHasARowPerSystemWithTheIssuesFields() async throws {
    let output = try await RefoldProcess.run(["bench", "--quick", "--json", "--workload", "W1", "--workload", "W4"])
    #expect(output.status == 0, "\(output.stderr)")
    let rows = try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8))
    #expect(rows.map { "\($0.workload) \($0.system)" } == [
      "W1 refold", "W1 naive", "W1 opencombine", "W1 floor", "W4 refold", "W4 refold-unrecorded", "W4 refold-strings",
      "W4 refold-strings-unrecorded", "W4 refold-writer",
    ])
    for row in rows {
      #expect((row.nsPerOp ?? 0) > 0, "\(row.workload) \(row.system)")
      #expect(row.notificationsPerOp == 1, "\(row.workload) \(row.system): one binding call per action")
      if row.system == "refold-writer" {
        // The writer's rate: actions per second, the same figure as its ns per action.
        let rate = try #require(row.eventsPerSecond)
        #expect(abs(rate - 1e9 / row.nsPerOp!) <= rate * 0.01, "\(rate) actions/s, \(row.nsPerOp!) ns")
      } else {
        #expect(row.eventsPerSecond == nil)
      }
    }
    #expect(rows.first { $0.system == "refold" }?.mallocsPerOp == 0, "W1 allocates nothing per action")
    for system in ["refold", "refold-strings"] {
      let row = rows.first { $0.workload == "W4" && $0.system == system }
      #expect(row?.mallocsPerOp == 0, "W4 \(system): the store's thread allocates nothing per recorded action")
    }
  }

  /// W7: a burst of distinct 64 KB actions, unrecorded then recorded, each with its own peak
  /// resident memory (2,000 actions in the quick run: 125 MiB of actions through the recorder).
  @Test func burstMemoryRowsGiveEachSystemsPeak() async throws {
    let output = try await RefoldProcess.run(["bench", "--quick", "--json", "--workload", "W7"])
    #expect(output.status == 0, "\(output.stderr)")
    let rows = try JSONDecoder().decode([Row].self, from: Data(output.stdout.utf8))
    #expect(rows.map { "\($0.workload) \($0.system)" } == ["W7 refold-unrecorded", "W7 refold"])
    for row in rows {
      let peak = try #require(row.peakMiB, "\(row.system) has no peak")
      // More than the process's own code and less than the burst's 125 MiB held at once.
      #expect(peak > 1 && peak < 125 + 100, "\(row.system): \(peak) MiB")
    }
  }

  /// W4 on a disk that fills (a file-size limit: writes fail with EFBIG): recording stops, and
  /// the bench says W4 cannot be measured and exits 70 instead of waiting forever for the
  /// writer; its scratch folder is gone.
  @Test(.enabled(if: Sanitizer.fileSizeLimitsWork, "ThreadSanitizer cannot start under a file-size limit"))
  func aFullDiskEndsW4WithAnErrorAndNoScratchLeft() async throws {
    let temporary = try TemporaryDirectory()
    let output = try await RefoldProcess.run(
      ["bench", "--quick", "--workload", "W4"], fileSizeLimit: 256, environment: ["TMPDIR": temporary.url.path])
    #expect(output.status == 70, "\(output.stderr)")
    #expect(output.stderr.contains("W4 cannot be measured: recording to "), "\(output.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).isEmpty)
  }

  @Test func aMissingTemporaryDirectoryIsOneLineNotAFolderMade() async throws {
    let temporary = try TemporaryDirectory()
    let missing = temporary.url.appendingPathComponent("not-there").path
    let output = try await RefoldProcess.run(["bench", "--quick", "--workload", "W4"], environment: ["TMPDIR": missing])
    #expect(output.status == 70, "\(output.stderr)")
    #expect(output.stderrLines.count == 1, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("refold: the temporary directory \(missing)"), "\(output.stderr)")
    #expect(output.stderr.contains("does not exist (set TMPDIR to a folder that does)"), "\(output.stderr)")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }
}
