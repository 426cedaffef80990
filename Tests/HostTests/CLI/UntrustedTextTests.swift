import Foundation
import Hummingbird
import NIOCore
import Testing

@testable import Host

/// Every command on logs whose feature name, case names, keys and strings carry escape
/// sequences, C1 controls and bidi overrides, and `store push` against servers whose answers
/// carry the same: nothing reaches stdout or stderr raw, and JSON output stays JSON.
@Suite(.serialized)
struct UntrustedTextTests {
  static let hostile = HostileText.text

  /// The logs, by what in them is hostile.
  struct Logs {
    let directory: TemporaryDirectory
    let feature: String
    let caseName: String
    let key: String
    let string: String

    init() throws {
      directory = try TemporaryDirectory()
      let hostile = HostileText.json(UntrustedTextTests.hostile)
      let valid = #"{"textChanged":{"_0":"1"}}"#
      feature = try directory.file(
        "feature.log", contents: Data(HostileText.log(feature: "amount\(UntrustedTextTests.hostile)Input", actions: [valid])))
      caseName = try directory.file("case.log", contents: Data(HostileText.log(actions: [valid, #"{"text\#(hostile)Changed":{"_0":"1"}}"#])))
      key = try directory.file("key.log", contents: Data(HostileText.log(actions: [valid, #"{"textChanged":{"_0\#(hostile)":"1"}}"#])))
      string = try directory.file("string.log", contents: Data(HostileText.log(actions: [valid, #"{"textChanged":{"_0":"\#(hostile)"}}"#])))
    }

    var all: [String] { [feature, caseName, key, string] }
  }

  /// Each command that reads a log, as a user would run it on `log`.
  static func commands(on log: String, scratch: URL) -> [[String]] {
    [
      ["inspect", log], ["inspect", log, "--json"],
      ["replay", log], ["replay", log, "--json"],
      ["diff", log, "--from", "0", "--to", "2"],
      ["check", log], ["check", log, "--json"],
      ["test-gen", log],
      ["migrate", log, "--out", scratch.appendingPathComponent(UUID().uuidString + ".log").path],
      ["bench", "--log", log, "--quick"],
    ]
  }

  @Test func noCommandWritesALogsControlCharactersRaw() async throws {
    let logs = try Logs()
    for log in logs.all {
      for arguments in Self.commands(on: log, scratch: logs.directory.url) {
        let output = try await RefoldProcess.run(arguments)
        let what = "refold \(arguments.prefix(2).joined(separator: " ")) (\(URL(fileURLWithPath: log).lastPathComponent))"
        #expect(output.status < 128, "\(what) crashed: \(output.stderr)")
        #expect(!(output.stdout + output.stderr).isEmpty, "\(what) said nothing")
        HostileText.expectInert(output.stdout, "\(what) on stdout")
        HostileText.expectInert(output.stderr, "\(what) on stderr")
        if arguments.contains("--json"), output.status == 0 || arguments[0] == "check" {
          #expect(throws: Never.self, "\(what): \(output.stdout)") {
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
          }
        }
      }
    }
  }

  /// What a log's strings hold is still shown, escaped: C1 included, as `\u{9b}` in text and
  /// `\u009b` in JSON, which a JSON reader turns back into the same string.
  @Test func aLogsStringsArePrintedEscapedAndJSONKeepsThem() async throws {
    let logs = try Logs()
    let replay = try await RefoldProcess.run(["replay", logs.string])
    #expect(replay.stdout.contains(#"\u{9b}2J\u{85}\u{202e}\u{2066}x"#), "\(replay.stdout)")
    HostileText.expectInert(replay.stdout, "replay")
    let json = try await RefoldProcess.run(["replay", logs.string, "--json"])
    #expect(json.stdout.contains(#"\u009b2J\u0085\u202e\u2066x"#), "\(json.stdout)")
    let state = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(state["text"] as? String == Self.hostile)

    let run = try await RefoldProcess.run(
      ["run", "amountInput"], stdin: #"{"textChanged":{"_0":"\#(HostileText.json(Self.hostile))"}}"# + "\n")
    #expect(run.status == 0, "\(run.stderr)")
    HostileText.expectInert(run.stdout, "run")
    let ran = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(ran["text"] as? String == Self.hostile)
  }

  /// The unknown case and the unknown key are named escaped, in the one error line.
  @Test func anUnknownCaseIsNamedEscaped() async throws {
    let logs = try Logs()
    for command in ["replay", "diff", "test-gen"] {
      let arguments = command == "diff" ? [command, logs.caseName, "--from", "0", "--to", "2"] : [command, logs.caseName]
      let output = try await RefoldProcess.run(arguments)
      #expect(output.status == 2, "\(command): \(output.stderr)")
      #expect(output.stderr.contains(#"text\u{1b}]0;PWNED\u{7}"#), "\(command): \(output.stderr)")
      #expect(output.stderrLines.count == 1, "\(command): \(output.stderr)")
    }
  }

  /// The stores `collect` fills: a folder, and PostgreSQL where this build links its store
  /// (REFOLD_WITHOUT_POSTGRES leaves it and Tests/HostTests/Postgres out).
  static var storeKinds: [String] {
    #if canImport(LogStorePostgres)
      ["folder", "postgres"]
    #else
      ["folder"]
    #endif
  }

  /// A stored feature name, listed from a store (a folder, PostgreSQL) that `collect` filled.
  @Test(arguments: storeKinds)
  func storeListPrintsAStoredFeatureNameEscaped(kind: String) async throws {
    let logs = try Logs()
    var store = logs.directory.url.appendingPathComponent("store").path
    #if canImport(LogStorePostgres)
      if kind == "postgres" { store = try await TestPostgres.database() }
    #endif
    let key = try await RefoldProcess.run(["store", "key", "add", "ios-beta", "--store", store])
    let apiKey = key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let collecting = try await StoreCommandTests.Collecting.start(["--listen", "127.0.0.1:0", "--store", store])
    let push = try await RefoldProcess.run(["store", "push", logs.feature, "--server", collecting.server, "--key", apiKey])
    try await collecting.stop()
    #expect(push.status == 0, "\(push.stderr)")
    HostileText.expectInert(push.stdout + push.stderr, "store push")

    let listed = try await RefoldProcess.run(["store", "list", "--store", store])
    #expect(listed.stdout.contains(#"amount\u{1b}]0;PWNED"#), "\(listed.stdout)")
    #expect(listed.stdoutLines.count == 1, "\(listed.stdout)")
    HostileText.expectInert(listed.stdout + listed.stderr, "store list")
    let json = try await RefoldProcess.run(["store", "list", "--store", store, "--json"])
    HostileText.expectInert(json.stdout + json.stderr, "store list --json")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["feature"] as? String == "amount\(Self.hostile)Input")
  }

  /// A server that refuses, fails, or stores with text of its own: `store push` says so escaped.
  @Test func aServersAnswerIsPrintedEscaped() async throws {
    let logs = try Logs()
    let message = HostileText.json(Self.hostile)
    let router = Router(context: BasicRequestContext.self)
    router.post("refuse/v1/logs") { _, _ in Self.answer(422, #"{"error":"no\#(message)"}"#) }
    router.post("fail/v1/logs") { _, _ in Self.answer(503, "down\(Self.hostile)") }
    router.post("store/v1/logs") { _, _ in Self.answer(201, #"{"id":"abc\#(message)","feature":"f\#(message)","events":1}"#) }
    let server = try await LoopbackServer.start(router, name: "hostile store")
    for path in ["refuse", "fail", "store"] {
      let push = try await RefoldProcess.run(
        ["store", "push", logs.string, "--server", "http://127.0.0.1:\(server.port)/\(path)", "--key", "rfk_" + String(repeating: "a", count: 64), "--attempts", "1"])
      #expect(push.stdout.contains(#"\u{1b}]0;PWNED"#) || push.stderr.contains(#"\u{1b}]0;PWNED"#), "\(path): \(push.stdout) \(push.stderr)")
      HostileText.expectInert(push.stdout, "store push to \(path) on stdout")
      HostileText.expectInert(push.stderr, "store push to \(path) on stderr")
    }
    await server.stop()
  }

  private static func answer(_ status: Int, _ body: String) -> Response {
    Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
  }
}
