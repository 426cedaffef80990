import Foundation
import Testing

/// `refold devtools` as a user runs it: the one line it prints, the server behind it, and its
/// errors.
@Suite(.serialized)
struct DevtoolsProcessTests {
  /// `refold devtools ARGUMENTS` running, with the URL of its first line; ``stop()`` ends it.
  struct Running {
    let child: StartedChild
    let url: URL
    let firstLine: String

    var port: Int { url.port ?? 0 }
    var token: String { URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? "" }

    static func start(_ arguments: [String]) async throws -> Running {
      let (child, text) = try await startRefold(["devtools"] + arguments, firstLineHolding: "http://")
      let url = try #require(text.range(of: "http://").flatMap { URL(string: String(text[$0.lowerBound...])) })
      return Running(child: child, url: url, firstLine: text)
    }

    func api(_ path: String) async throws -> [String: Any] {
      let reply = try await RawHTTPClient.request(port: port, path + (path.contains("?") ? "&" : "?") + "token=\(token)")
      #expect(reply.status == 200, "\(path): \(reply.text)")
      return try reply.json()
    }

    func stop() async throws {
      child.process.terminate()
      _ = try await offThePool { child.wait() }
    }
  }

  static func logOfFiveEvents(in directory: TemporaryDirectory) async throws -> String {
    let log = directory.url.appendingPathComponent("s.log").path
    let lines = ["1", "12", "abc", "1234", "5"].map { #"{"textChanged":{"_0":"\#($0)"}}"# }.joined(separator: "\n") + "\n"
    let run = try await RefoldProcess.run(["run", "amountInput", "--record", log], stdin: lines)
    #expect(run.status == 0, "\(run.stderr)")
    return log
  }

  @Test func itPrintsOneURLOnLoopbackWithATokenAndServesTheLog() async throws {
    let directory = try TemporaryDirectory()
    let log = try await Self.logOfFiveEvents(in: directory)
    let running = try await Running.start([log])
    #expect(running.firstLine.hasPrefix("Refold devtools: http://127.0.0.1:"))
    #expect(running.token.count == 64, "32 random bytes as hex")
    let summary = try await running.api("/api/log/s.log/summary")
    #expect(summary["events"] as? Int == 5)
    #expect(summary["feature"] as? String == "amountInput")
    try await running.stop()
  }

  @Test func twoServersGetTwoPortsAndTwoTokens() async throws {
    let directory = try TemporaryDirectory()
    let log = try await Self.logOfFiveEvents(in: directory)
    let first = try await Running.start([log])
    let second = try await Running.start([log])
    #expect(first.port != second.port)
    #expect(first.token != second.token)
    #expect(try await RawHTTPClient.request(port: second.port, "/api/logs?token=\(first.token)").status == 403)
    try await first.stop()
    try await second.stop()
  }

  @Test func badInputIsOneLineAndANonZeroExit() async throws {
    let directory = try TemporaryDirectory()
    let missing = try await RefoldProcess.run(["devtools", directory.url.path + "/nope.log"])
    #expect(missing.status == 2)
    #expect(missing.stderrLines == ["refold: \(directory.url.path)/nope.log: no such file or folder"])

    let empty = try await RefoldProcess.run(["devtools", directory.url.path])
    #expect(empty.status == 2)
    #expect(empty.stderrLines == ["refold: \(directory.url.path): the folder holds no *.log file"])

    let port = try await RefoldProcess.run(["devtools", "--port", "70000", directory.url.path])
    #expect(port.status == 64)
    #expect(port.stderr.contains("--port must be 0…65535, not 70000"))

    // A port in use: the second server cannot listen there.
    let log = try await Self.logOfFiveEvents(in: directory)
    let running = try await Running.start([log])
    let taken = try await RefoldProcess.run(["devtools", "--port", "\(running.port)", log])
    #expect(taken.status == 2)
    #expect(taken.stderrLines.count == 1)
    #expect(taken.stderr.contains("cannot listen on 127.0.0.1:\(running.port)"), "\(taken.stderr)")
    try await running.stop()
  }
}
