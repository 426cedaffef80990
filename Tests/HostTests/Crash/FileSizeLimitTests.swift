import Foundation
import Reducers
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log that reaches the process's file-size limit (RLIMIT_FSIZE): the kernel cuts the write
/// short at the limit, then fails the next with EFBIG. It is set in a child process
/// (`refold-crash-child fill`), since the limit holds for every file a process writes, and
/// the child ignores SIGXFSZ, which would otherwise kill it.
@Suite(.enabled(if: Sanitizer.fileSizeLimitsWork, "ThreadSanitizer cannot start under a file-size limit"))
struct FileSizeLimitTests {
  struct Report: Decodable {
    var durableSeq: UInt64
    var lastSeq: UInt64
    var error: String?
    var kind: String?
    var errno: Int32?
    var seq: UInt64?
    var output: String?
  }

  /// Runs `fill` under `limit` bytes, and returns what it printed, parsed.
  func fill(_ log: URL, limit: Int) async throws -> (CrashChild.Run, Report?, [JournalEntry]) {
    let run = try await offThePool {
      try CrashChild.run(["fill", "--log", log.path, "--limit", "\(limit)", "--seed", "7"])
    }
    let report = try run.stdoutLines.last { $0.hasPrefix("report ") }.map {
      try JSONDecoder().decode(Report.self, from: Data($0.dropFirst("report ".count).utf8))
    }
    let journal = try JournalEntry.parse(String(decoding: run.stdout, as: UTF8.self), prefix: "commit ")
    return (run, report, journal)
  }

  @Test func reachingTheLimitStopsRecordingAndTheStoreKeepsRunning() async throws {
    let folder = try TemporaryDirectory()
    let log = folder.url.appendingPathComponent("events.log")
    let limit = 20_000
    let (run, report, journal) = try await fill(log, limit: limit)
    #expect(run.reason == .exit && run.status == 0, "the child ended (\(run.reason), \(run.status)): \(run.stderrText)")
    let stopped = try #require(report, "no report; stderr: \(run.stderrText)")

    // Reported: the error says what and where, once, and the store says it detached the recorder.
    #expect(stopped.kind == "writeFailed")
    #expect(stopped.errno == EFBIG)
    #expect(stopped.error?.hasPrefix("recording to \(log.path) stopped at seq ") == true, "\(stopped.error ?? "")")
    #expect(stopped.error?.contains(": write failed: File too large (") == true, "\(stopped.error ?? "")")
    let detached = run.stderrText.components(separatedBy: "was detached").count - 1
    #expect(detached == 1, "\(run.stderrText)")
    #expect(run.stderrText.contains("The store keeps running without it."))
    // Recording stopped, the store did not: it folded every action, and one more after close().
    #expect(UInt64(journal.count) == stopped.lastSeq + 1)
    #expect(journal.last?.action == #"{"amountInput":{"_0":{"textChanged":{"_0":"777"}}}}"#)
    #expect(stopped.output == "777₩")

    // What was written stays readable: up to the limit, the last line cut short by it.
    let size = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int
    #expect(size == limit)
    let check = LogAgainstJournal(log: log, journal: journal)
    #expect(check.problems.isEmpty, "\(check.problems)")
    let failedAt = try #require(stopped.seq)
    #expect(check.lastSeq >= stopped.durableSeq)
    #expect(check.lastSeq <= failedAt && failedAt < stopped.lastSeq)
    if try Data(contentsOf: log).last != 0x0A {
      #expect(check.replay?.warnings.contains { $0.contains("dropped a torn last line") } == true)
    }
    // Once there is room again, the log can be continued from where it stopped.
    if let replay = check.replay {
      #expect(await continueCrashedLog(log, from: replay.state, logged: replay.lastSeq) == [])
    }
    #expect(try filesHoldingSecrets(in: folder.url) == [])
    for output in [run.stdout, run.stderr] {
      #expect(output.range(of: Data(CrashChild.password.utf8)) == nil)
      #expect(output.range(of: Data(CrashChild.token.utf8)) == nil)
    }
  }

  @Test func aLimitBelowTheHeaderFailsToStartWithAClearError() async throws {
    let folder = try TemporaryDirectory()
    let log = folder.url.appendingPathComponent("events.log")
    let (run, report, _) = try await fill(log, limit: 100)
    #expect(run.reason == .exit && run.status != 0)
    #expect(report == nil)
    #expect(run.stderrText.contains("cannot record to \(log.path): write failed: File too large"), "\(run.stderrText)")
    // What the failed start created is gone: a retry does not find it "already exists".
    #expect(!FileManager.default.fileExists(atPath: log.path))
  }
}
