import EventLog
import Foundation
import Testing

/// `refold inspect` on a damaged log reports its integrity instead of giving up at the first
/// damaged line: the lines and their kinds, what comes before the first, and a replay command
/// that works on the file. It exits 2 once the whole report is out.
struct InspectDamageTests {
  /// A recorded log of 30 events (line `n + 1` holds seq `n`), damaged three ways: a changed
  /// byte on seq 11's line (line 12); seq 16's line replaced by garbage with an escape sequence
  /// (line 17) followed by a framed line that is no record, its member name an escape sequence
  /// (line 18); and seqs 21…23 gone (seq 24 on line 23). Its path has a space.
  func damagedLog(in directory: TemporaryDirectory) async throws -> String {
    let log = directory.url.appendingPathComponent("damaged session.log").path
    let actions = (1...30).map { #"{"textChanged":{"_0":"\#($0)"}}"# }.joined(separator: "\n") + "\n"
    let recorded = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: actions)
    #expect(recorded.status == 0, "\(recorded.stderr)")
    var lines = try Data(contentsOf: URL(fileURLWithPath: log)).split(separator: 0x0A).map(Array.init)
    #expect(lines.count == 32)
    lines[11][40] ^= 0x01
    var framed = Array(#"{"\u001b]0;pwned\u0007":1"#.utf8)
    LogLine.seal(&framed, payloadStart: 0)
    lines[16] = Array("\u{1B}[31mgarbage".utf8)
    lines.insert(Array(framed.dropLast()), at: 17)
    lines.removeSubrange(22...24)
    try Data(lines.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: log))
    return log
  }

  @Test func inspectReportsEveryDamagedLineAndExits2() async throws {
    let directory = try TemporaryDirectory()
    let log = try await damagedLog(in: directory)

    let inspect = try await RefoldProcess.run(["inspect", log])
    #expect(inspect.status == 2, "\(inspect.stderr)")
    let report = inspect.stdout
    #expect(report.contains("events       25 (seq 1…30)"), "\(report)")
    #expect(
      report.contains(
        "integrity    damaged: 4 lines (checksum 1, framing 2, seq 1); 10 events intact before the first damage (seq 1…10); 25 events readable in all"),
      "\(report)")
    #expect(report.contains("line 12 (seq 11): checksum: checksum mismatch"), "\(report)")
    #expect(report.contains("line 17 (after seq 15): framing: malformed line"), "\(report)")
    #expect(report.contains(#"line 18 (after seq 15): framing: not a record: unknown line kind: it has neither "seq" (an event) nor "checkpoint" (a checkpoint), but "\u{1b}]0;pwned\u{7}""#), "\(report)")
    #expect(report.contains("line 23 (seq 24): seq: seq 24 follows seq 20: seqs 21…23 are missing"), "\(report)")
    #expect(report.contains("replay stops at line 12 (checksum) with exit 2 and prints no state"), "\(report)")
    #expect(inspect.stderrLines.count == 1)
    #expect(inspect.stderr.contains("4 damaged lines, the first at line 12 (checksum); the integrity report is on stdout"), "\(inspect.stderr)")
    for output in [inspect.stdout, inspect.stderr] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(output.debugDescription)")
    }

    // The command the report offers, run by a shell as printed (the path has a space).
    let command = try #require(report.split(separator: "`").dropFirst().first.map(String.init), "\(report)")
    #expect(command == "refold replay '\(log)' --until 9")
    let replay = try await shell(command + " --json")
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == #"{"text":"9","output":"9₩"}"# + "\n")
    // One seq more is too many: replay reads the event after `until`, and the line after seq 10 is damaged.
    let tooFar = try await RefoldProcess.run(["replay", log, "--until", "10"])
    #expect(tooFar.status == 2)
    #expect(tooFar.stderr.contains(":12 (seq 11): checksum mismatch"), "\(tooFar.stderr)")
  }

  /// Runs `command` with `sh -c`, its leading `refold` the built one.
  func shell(_ command: String) async throws -> RefoldProcess.Output {
    let executable = "'" + RefoldProcess.executable.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    let line = executable + command.dropFirst("refold".count)
    return try await offThePool {
      let child = try StartedChild(URL(fileURLWithPath: "/bin/sh"), ["-c", line], stdin: nil)
      let stdout = child.stdout?.readDataToEndOfFile() ?? Data()
      let (status, stderr) = child.wait()
      return RefoldProcess.Output(
        status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
  }

  @Test func inspectJSONHasTheIntegrityObject() async throws {
    let directory = try TemporaryDirectory()
    let log = try await damagedLog(in: directory)

    let inspect = try await RefoldProcess.run(["inspect", log, "--json"])
    #expect(inspect.status == 2, "\(inspect.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
    #expect(object["events"] as? Int == 25)
    let integrity = try #require(object["integrity"] as? [String: Any], "\(inspect.stdout)")
    #expect(integrity["damagedLines"] as? Int == 4)
    #expect(integrity["moreDamaged"] as? Int == 0)
    #expect(integrity["intactEvents"] as? Int == 10)
    #expect(integrity["lastIntactSeq"] as? Int == 10)
    #expect(integrity["readableEvents"] as? Int == 25)
    #expect(integrity["replayUntil"] as? Int == 9)
    #expect(integrity["counts"] as? [String: Int] == ["checksum": 1, "framing": 2, "json": 0, "seq": 1, "checkpoint": 0])
    let damaged = try #require(integrity["damaged"] as? [[String: Any]])
    #expect(damaged.map { $0["line"] as? Int } == [12, 17, 18, 23])
    #expect(damaged.map { $0["kind"] as? String } == ["checksum", "framing", "framing", "seq"])
    #expect(damaged.map { $0["seq"] as? Int } == [11, nil, nil, 24])
    #expect(damaged.map { $0["afterSeq"] as? Int } == [10, 15, 15, 20])
    let stop = try #require(integrity["replayStopsAt"] as? [String: Any])
    #expect(stop["line"] as? Int == 12 && stop["kind"] as? String == "checksum")
    #expect(!inspect.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  @Test func anUndamagedLogHasNoIntegrityObjectAndExits0() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("clean.log").path
    let recorded = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: #"{"textChanged":{"_0":"1"}}"# + "\n")
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let json = try await RefoldProcess.run(["inspect", log, "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stderr.isEmpty)
    #expect(!json.stdout.contains("integrity"), "\(json.stdout)")
  }
}
