import BuiltinFeatures
import EventLog
import Foundation
import InternalTestSupport
import Reducers
import Store
import Testing

@testable import Host

/// `refold devtools`: a real server on 127.0.0.1, asked over real sockets, serving real logs.
@Suite(.serialized)
struct DevtoolsServerTests {
  static let texts = ["1", "12", "abc", "1234", "5"]

  /// A log of AmountInput with one event per text, checkpointed every two events.
  /// With `recordsSites`, each event says which line sent it (``sendLine``).
  @MainActor
  static func record(to path: String, texts: [String] = texts, recordsSites: Bool = false) async throws {
    let recorder = try Recorder<AmountInput.State, AmountInput.Action>(
      file: URL(fileURLWithPath: path), feature: "amountInput", initialState: AmountInput.State(),
      options: RecorderOptions(fsync: .never, checkpointInterval: 2, snapshotInterval: 4))
    let store = Store(
      initialState: AmountInput.State(), reducer: AmountInput(), plugins: [recorder], recordsSendSites: recordsSites)
    for text in texts { await store.send(.textChanged(text)).finish() }
    try await recorder.close()
  }
  /// The line of the `send` above (a test fails if it moves).
  static let sendLine = 25

  /// A served folder: two logs (one in a subfolder), a link to a log outside it, and a file
  /// outside it that a path trick would reach.
  final class Served {
    let directory: TemporaryDirectory
    let library: DevtoolsLibrary
    let server: DevtoolsServer
    let token: String

    init(follow: Bool = false, path: ((TemporaryDirectory) -> String)? = nil) async throws {
      directory = try TemporaryDirectory()
      let root = directory.url.appendingPathComponent("logs")
      try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
      try await DevtoolsServerTests.record(to: root.appendingPathComponent("a.log").path)
      try await DevtoolsServerTests.record(to: root.appendingPathComponent("sub/b.log").path, texts: ["9"])
      // Outside the served folder: a log, linked from inside, and a secret.
      let outside = directory.url.appendingPathComponent("outside.log").path
      try await DevtoolsServerTests.record(to: outside, texts: ["7"])
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent("linked.log").path, withDestinationPath: outside)
      _ = try directory.file("secret.txt", "do not serve")
      library = try DevtoolsLibrary(
        path: path?(directory) ?? root.path, follow: follow, features: FeatureRegistry([AmountInput.self]))
      token = DevtoolsServer.newToken()
      server = try await DevtoolsServer.start(library: library, token: token)
    }

    func get(_ target: String, host: String? = nil, cookie: String? = nil, method: String = "GET") async throws
      -> RawHTTPClient.Reply
    {
      try await RawHTTPClient.request(port: server.port, target, method: method, host: host, cookie: cookie)
    }

    /// `target` with the token added to its query.
    func api(_ target: String) async throws -> [String: Any] {
      let reply = try await get(target + (target.contains("?") ? "&" : "?") + "token=\(token)")
      #expect(reply.status == 200, "\(target): \(reply.text)")
      return try reply.json()
    }

    func stop() async { await server.stop() }
  }

  // MARK: Who may ask

  @Test func onlyRequestsWithTheTokenFromTheLoopbackNameAreAnswered() async throws {
    let served = try await Served()

    let bare = try await served.get("/api/logs")
    #expect(bare.status == 403)
    #expect(try bare.json()["error"] as? String == "a token is needed: open the URL that refold devtools printed")
    #expect(try await served.get("/api/logs?token=\(String(served.token.reversed()))").status == 403)
    #expect(try await served.get("/?token=").status == 403)

    // The printed URL opens the page; its script sends the token in a header; no cookie is set.
    #expect(served.server.url.absoluteString == "http://127.0.0.1:\(served.server.port)/?token=\(served.token)")
    let page = try await served.get("/?token=\(served.token)")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("devtools.js"))
    #expect(page.headers["set-cookie"] == nil)
    let logs = try await RawHTTPClient.request(port: served.server.port, "/api/logs", headers: [(DevtoolsAccess.tokenHeader, served.token)])
    #expect(logs.status == 200)
    #expect(try await RawHTTPClient.request(port: served.server.port, "/api/logs", headers: [(DevtoolsAccess.tokenHeader, "nope")]).status == 403)
    // The script and the style sheet hold no data: a <script> tag sends no header.
    let script = try await served.get("/devtools.js")
    #expect(script.status == 200)
    #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
    #expect(try await served.get("/devtools.css").status == 200)
    #expect(try await served.get("/devtools.js", host: "evil.example:\(served.server.port)").status == 403)

    // DNS rebinding: a page of another site that resolves its name to 127.0.0.1 sends its name.
    let rebound = try await served.get("/api/logs?token=\(served.token)", host: "evil.example:\(served.server.port)")
    #expect(rebound.status == 403)
    #expect(try rebound.json()["error"] as? String == "the Host header must be 127.0.0.1:\(served.server.port) or localhost:\(served.server.port)")
    #expect(try await served.get("/api/logs?token=\(served.token)", host: "127.0.0.1").status == 403, "without the port")
    #expect(try await served.get("/api/logs?token=\(served.token)", host: "localhost:\(served.server.port)").status == 200)

    // It only reads.
    let post = try await served.get("/api/logs?token=\(served.token)", method: "POST")
    #expect(post.status == 405)
    #expect(try await served.get("/api/logs?token=\(served.token)", method: "DELETE").status == 405)
    await served.stop()
  }

  /// Two inspectors side by side in one browser, whose cookie jar (like a browser's) ignores
  /// ports: neither sets anything that the other, or any other server on 127.0.0.1, would be
  /// sent, and each page's requests still work after the other opened.
  @Test func twoInspectorsInOneBrowserKeepTheirTokensToThemselves() async throws {
    let first = try await Served()
    let second = try await Served()
    // What a browser keeps for the host 127.0.0.1, whichever port set it.
    var jar: [String: String] = [:]
    func visit(_ served: Served, _ target: String, pageToken: String? = nil) async throws -> RawHTTPClient.Reply {
      let cookie = jar.isEmpty ? nil : jar.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
      let reply = try await RawHTTPClient.request(
        port: served.server.port, target, cookie: cookie,
        headers: pageToken.map { [(DevtoolsAccess.tokenHeader, $0)] } ?? [])
      if let set = reply.headers["set-cookie"], let pair = set.split(separator: ";").first {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        jar[parts[0]] = parts.count == 2 ? parts[1] : ""
      }
      return reply
    }
    #expect(try await visit(first, "/?token=\(first.token)").status == 200)
    #expect(try await visit(first, "/api/logs", pageToken: first.token).status == 200)
    #expect(try await visit(second, "/?token=\(second.token)").status == 200)
    // The first tab goes on working once the second opened.
    #expect(try await visit(first, "/api/logs", pageToken: first.token).status == 200)
    #expect(try await visit(second, "/api/logs", pageToken: second.token).status == 200)
    // Another local server would be sent all of the jar: no token is in it.
    #expect(!jar.values.contains { $0.contains(first.token) || $0.contains(second.token) }, "\(jar)")
    // And one inspector's token opens nothing at the other.
    #expect(try await visit(second, "/api/logs", pageToken: first.token).status == 403)
    await first.stop()
    await second.stop()
  }

  @Test func noPathReachesAFileOutsideTheServedFolder() async throws {
    let served = try await Served()
    let token = "token=\(served.token)"
    let tricks = [
      "/api/log/..%2Foutside.log/summary",
      "/api/log/..%2F..%2Fsecret.txt/summary",
      "/api/log/%2E%2E%2Foutside.log/summary",
      "/api/log/%252E%252E%252Foutside.log/summary",
      "/api/log/..%5Coutside.log/summary",
      "/api/log/%2Fetc%2Fpasswd/summary",
      "/api/log/sub%2F..%2F..%2Foutside.log/summary",
      "/api/log/linked.log/summary",
      "/api/log/../../outside.log/summary",
      "/api/log/a.log%00/summary",
      "/../outside.log",
      "/%2E%2E/secret.txt",
    ]
    for trick in tricks {
      let reply = try await served.get(trick + "?" + token)
      #expect(reply.status == 404, "\(trick) answered \(reply.status): \(reply.text)")
      #expect(!reply.text.contains("do not serve"))
    }
    // The link out is not listed either; the two logs inside are.
    let listing = try await served.api("/api/logs")
    let names = (listing["logs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(names == ["a.log", "sub/b.log"])
    // A name with an encoded slash is one log's name.
    #expect(try await served.api("/api/log/sub%2Fb.log/summary")["events"] as? Int == 1)
    await served.stop()
  }

  // MARK: What it answers

  @Test func theListingSaysWhatEachLogIsAndHowItsCheckWent() async throws {
    let served = try await Served()
    let before = try await served.api("/api/logs")
    #expect(before["kind"] as? String == "folder")
    #expect(before["follow"] as? Bool == false)
    let first = try #require((before["logs"] as? [[String: Any]])?.first)
    #expect(first["status"] as? String == "checking", "no check has run yet")

    served.library.runChecks()
    let after = try await served.api("/api/logs")
    let logs = try #require(after["logs"] as? [[String: Any]])
    #expect(logs.map { $0["name"] as? String } == ["a.log", "sub/b.log"])
    #expect(logs.map { $0["status"] as? String } == ["verified", "verified"])
    #expect(logs.map { $0["events"] as? Int } == [5, 1])
    #expect(logs[0]["feature"] as? String == "amountInput")
    #expect((logs[0]["firstTime"] as? Double ?? 0) > 1_700_000_000)

    let summary = try await served.api("/api/log/a.log/summary")
    #expect(summary["lastSeq"] as? Int == 5)
    #expect(summary["cases"] as? [String] == ["textChanged"])
    #expect(summary["pending"] as? Bool == false)
    let checkpoints = try #require(summary["checkpoints"] as? [[String: Any]])
    #expect(checkpoints.map { $0["seq"] as? Int } == [2, 4, 5])
    #expect(checkpoints.allSatisfy { $0["status"] as? String == "verified" })
    await served.stop()
  }

  @Test func eventsComeInPagesFilteredByCaseOriginAndText() async throws {
    let served = try await Served()
    let all = try await served.api("/api/log/a.log/events?offset=0&limit=2")
    #expect(all["total"] as? Int == 5)
    let page = try #require(all["events"] as? [[String: Any]])
    #expect(page.map { $0["seq"] as? Int } == [1, 2])
    #expect(page[0]["origin"] as? String == "send")
    #expect(page[0]["case"] as? String == "textChanged")
    #expect((page[1]["action"] as? [String: Any])?["textChanged"] as? [String: String] == ["_0": "12"])

    let later = try await served.api("/api/log/a.log/events?offset=3&limit=100")
    #expect((later["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [4, 5])
    let tail = try await served.api("/api/log/a.log/events?after=3")
    #expect((tail["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [4, 5])
    #expect(tail["total"] as? Int == 2, "with after, the events after it")
    #expect(tail["offset"] as? Int == 3, "where the first of them is among all")
    let filteredTail = try await served.api("/api/log/a.log/events?after=3&text=1&limit=1")
    #expect((filteredTail["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [4])
    #expect(filteredTail["total"] as? Int == 1)
    #expect(filteredTail["offset"] as? Int == 2, "\"1\", \"12\" and \"1234\" match; 1234 is the third")

    let text = try await served.api("/api/log/a.log/events?text=12")
    #expect(text["total"] as? Int == 2, "\"12\" and \"1234\"")
    let byCase = try await served.api("/api/log/a.log/events?case=textChanged&origin=send")
    #expect(byCase["total"] as? Int == 5)
    #expect(try await served.api("/api/log/a.log/events?case=textChange")["total"] as? Int == 0, "a prefix of a name is not its case")
    #expect(try await served.api("/api/log/a.log/events?origin=effect")["total"] as? Int == 0)

    let bad = try await served.get("/api/log/a.log/events?origin=robot&token=\(served.token)")
    #expect(bad.status == 400)
    #expect(try bad.json()["error"] as? String == "origin must be send or effect, not 'robot'")
    #expect(try await served.get("/api/log/a.log/events?limit=-1&token=\(served.token)").status == 400)
    await served.stop()
  }

  @Test func theStateAtASeqSaysWhatChangedAndDiffsCompareAnyTwo() async throws {
    let served = try await Served()
    let initial = try await served.api("/api/log/a.log/state?seq=0")
    #expect(initial["state"] as? [String: String] == ["output": ""])
    #expect((initial["changed"] as? [Any])?.isEmpty == true)

    let fourth = try await served.api("/api/log/a.log/state?seq=4")
    #expect(fourth["state"] as? [String: String] == ["text": "1234", "output": "1,234₩"])
    #expect(fourth["changed"] as? [[String]] == [["text"], ["output"]])

    let diff = try await served.api("/api/log/a.log/diff?from=2&to=4")
    let text = try #require(diff["text"] as? String)
    #expect(text.contains(#"-   text: "12","#) && text.contains(#"+   text: "1234","#))

    let past = try await served.get("/api/log/a.log/state?seq=6&token=\(served.token)")
    #expect(past.status == 404)
    #expect(try past.json()["error"] as? String == "a.log has no event 6: its last is 5")
    let missing = try await served.get("/api/log/a.log/state?token=\(served.token)")
    #expect(missing.status == 400)
    #expect(try await served.get("/api/log/a.log/state?seq=two&token=\(served.token)").status == 400)
    #expect(try await served.get("/api/log/nope.log/state?seq=1&token=\(served.token)").status == 404)
    await served.stop()
  }

  // A release build records no site (SendSiteTests.aReleaseBuildRecordsNoSite).
  @Test(.enabled(if: BuildConfiguration.isDebug, "a release build records no send site"))
  func anEventThatSaysWhereItWasSentFromShowsItInTheTimelineAndTheState() async throws {
    let served = try await Served()
    let path = served.directory.url.appendingPathComponent("logs/sites.log").path
    try await Self.record(to: path, texts: ["1", "12"], recordsSites: true)
    // `{"file":…,"line":…}` as `file:line`, with its members counted.
    func site(_ value: Any?) -> String? {
      guard let object = value as? [String: Any], object.count == 2, let file = object["file"] as? String,
        let line = object["line"] as? Int
      else { return nil }
      return "\(file):\(line)"
    }
    let from = "HostTests/DevtoolsServerTests.swift:\(Self.sendLine)"
    let events = try #require(try await served.api("/api/log/sites.log/events")["events"] as? [[String: Any]])
    #expect(events.count == 2)
    #expect(events.map { site($0["from"]) } == [from, from])
    let state = try await served.api("/api/log/sites.log/state?seq=2")
    #expect(site(state["from"]) == from)
    // A log recorded without sites, and the initial state, say nothing.
    #expect(try await served.api("/api/log/sites.log/state?seq=0")["from"] == nil)
    #expect(try await served.api("/api/log/a.log/state?seq=2")["from"] == nil)
    let plain = try #require(try await served.api("/api/log/a.log/events")["events"] as? [[String: Any]])
    #expect(plain.allSatisfy { $0["from"] == nil })
    await served.stop()
  }

  // MARK: Exports

  @Test func aRangeExportsAsALogItsActionLinesATestAndReduxDevToolsState() async throws {
    let served = try await Served()
    func export(_ query: String) async throws -> RawHTTPClient.Reply {
      try await served.get("/api/log/a.log/export?\(query)&token=\(served.token)")
    }

    // A log of its own: events 3…5 renumbered from 1, starting from the state at seq 2.
    let log = try await export("format=log&from=2&to=5")
    #expect(log.status == 200, "\(log.text)")
    #expect(log.headers["content-disposition"] == #"attachment; filename="a-2-5.log""#)
    let file = served.directory.url.appendingPathComponent("excerpt.log")
    try log.body.write(to: file)
    let excerpt = try Replayer(reducer: AmountInput()).replay(file: file, verify: true, feature: "amountInput")
    #expect(excerpt.eventCount == 3)
    #expect(excerpt.verifiedCheckpoints >= 1)
    #expect(excerpt.state == AmountInput.State(text: "5", output: "5₩"))
    let header = try LogReader(file: file).header
    #expect(header.feature == "amountInput")
    let start = try Replayer(reducer: AmountInput()).replay(file: file, until: 0).state
    #expect(start == AmountInput.State(text: "12", output: "12₩"), "the state at seq 2 of a.log")

    // The actions sent, as lines for `refold run`.
    let actions = try await export("format=actions&from=0&to=5")
    #expect(actions.status == 200)
    #expect(actions.headers["content-disposition"] == #"attachment; filename="a-0-5.jsonl""#)
    #expect(actions.text == Self.texts.map { #"{"textChanged":{"_0":"\#($0)"}}"# + "\n" }.joined())

    // A TestStore test of the range.
    let test = try await export("format=test&from=1&to=3")
    #expect(test.status == 200, "\(test.text)")
    #expect(test.text.contains("import Testing") && test.text.contains("@Test"))
    #expect(test.text.contains(#"12₩"#) && test.text.contains("숫자만 입력해주세요"), "the states after events 2 and 3")
    #expect(!test.text.contains("1,234₩"), "event 4 is not in the range")

    // What the Redux DevTools app imports.
    let redux = try await export("format=redux&from=2&to=4")
    #expect(redux.status == 200)
    let lifted = try redux.json()
    let byID = try #require(lifted["actionsById"] as? [String: [String: Any]])
    #expect(byID.count == 3)
    #expect((byID["0"]?["action"] as? [String: Any])?["type"] as? String == "@@INIT")
    #expect(byID["1"]?["type"] as? String == "PERFORM_ACTION")
    #expect((byID["2"]?["action"] as? [String: Any])?["type"] as? String == "textChanged")
    #expect((byID["2"]?["action"] as? [String: Any])?["seq"] as? Int == 4)
    let computed = try #require(lifted["computedStates"] as? [[String: Any]])
    #expect(computed.map { ($0["state"] as? [String: String])?["output"] } == ["12₩", "숫자만 입력해주세요", "1,234₩"])
    #expect(lifted["stagedActionIds"] as? [Int] == [0, 1, 2])
    #expect(lifted["currentStateIndex"] as? Int == 2)
    #expect(lifted["nextActionId"] as? Int == 3)

    // Bad ranges and formats, each one line.
    let unknown = try await export("format=zip&from=0&to=2")
    #expect(unknown.status == 400)
    #expect(try unknown.json()["error"] as? String == "format must be one of log, actions, test, redux, not 'zip'")
    #expect(try await export("format=log&from=4&to=2").status == 400)
    #expect(try await export("format=log&from=2&to=2").status == 400)
    let past = try await export("format=log&from=0&to=9")
    #expect(past.status == 404)
    #expect(try past.json()["error"] as? String == "a.log has no event 9: its last is 5")
    #expect(try await served.get("/api/log/a.log/export?from=0&to=2&token=\(served.token)").status == 400)
    await served.stop()
  }

  // MARK: Logs being written, and damaged ones

  @Test func withFollowEventsAppendedByAWriterAppearAndATornTailIsPending() async throws {
    let directory = try TemporaryDirectory()
    let whole = directory.url.appendingPathComponent("whole.log")
    try await Self.record(to: whole.path)
    let lines = try String(contentsOf: whole, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
    // The live log holds the header and the first two events (and their checkpoint) so far.
    let live = directory.url.appendingPathComponent("live.log")
    let firstLines = lines.prefix { !$0.hasPrefix(#"{"seq":3"#) }
    try firstLines.joined().write(to: live, atomically: false, encoding: .utf8)

    let library = try DevtoolsLibrary(path: live.path, follow: true, features: FeatureRegistry([AmountInput.self]))
    let token = DevtoolsServer.newToken()
    let server = try await DevtoolsServer.start(library: library, token: token)
    func api(_ target: String) async throws -> [String: Any] {
      try await RawHTTPClient.request(port: server.port, target + "&token=\(token)").json()
    }
    #expect(try await api("/api/log/live.log/events?after=0")["total"] as? Int == 2)

    // The writer appends the rest, and is in the middle of one more line.
    let handle = try FileHandle(forWritingTo: live)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(lines.dropFirst(firstLines.count).joined().utf8))
    try handle.write(contentsOf: Data(#"{"seq":6,"t":17"#.utf8))
    try handle.close()

    let tail = try await api("/api/log/live.log/events?after=2")
    #expect((tail["events"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [3, 4, 5])
    let summary = try await api("/api/log/live.log/summary?x=1")
    #expect(summary["pending"] as? Bool == true)
    #expect(summary["damage"] is NSNull)
    #expect(summary["lastSeq"] as? Int == 5)
    await server.stop()
  }

  @Test func aDamagedLogIsListedWithItsReasonAndTheRestStillServed() async throws {
    let served = try await Served()
    _ = try served.directory.file("logs/junk.log", "not a log\n")
    let listing = try await served.api("/api/logs")
    let junk = try #require((listing["logs"] as? [[String: Any]])?.first { $0["name"] as? String == "junk.log" })
    #expect(junk["status"] as? String == "unreadable")
    #expect((junk["detail"] as? String ?? "").contains("not a Refold event log"))
    let reply = try await served.get("/api/log/junk.log/summary?token=\(served.token)")
    #expect(reply.status == 422)
    #expect(try reply.json()["error"] as? String != nil)
    #expect(try await served.api("/api/log/a.log/summary")["events"] as? Int == 5)
    await served.stop()
  }

  @Test func aLineWrittenOtherwiseIsReadWholeAndAGapEndsTheIndexThere() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("s.log").path
    try await Self.record(to: path)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let third = try #require(lines.firstIndex { $0.hasPrefix(#"{"seq":3,"#) })
    // Event 3 as another writer might put it: the same members in another order.
    var other = Array(#"{"origin":"send","action":{"textChanged":{"_0":"abc"}},"seq":3,"t":1795649000.5"#.utf8)
    LogLine.seal(&other, payloadStart: 0)
    lines[third] = String(decoding: other.dropLast(), as: UTF8.self)
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

    var index = try LogEventIndex(path: path)
    #expect(index.entries.map(\.seq) == [1, 2, 3, 4, 5])
    #expect(index.cases == ["textChanged"])
    #expect(index.damage == nil)
    #expect(try index.extend() == false, "nothing was appended")

    // Without event 3, the index ends at event 2 and says why.
    lines.remove(at: third)
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    index = try LogEventIndex(path: path)
    #expect(index.entries.map(\.seq) == [1, 2])
    #expect(index.damage?.hasSuffix("s.log:\(third + 1): seq 4 follows seq 2") == true, "\(index.damage ?? "nil")")
  }

  @Test func aMissingPathOrAnEmptyFolderIsOneClearError() async throws {
    let directory = try TemporaryDirectory()
    let features = FeatureRegistry([AmountInput.self])
    #expect {
      try DevtoolsLibrary(path: directory.url.path + "/nope.log", follow: false, features: features)
    } throws: { ($0 as? HostError)?.message == "\(directory.url.path)/nope.log: no such file or folder" }
    #expect {
      try DevtoolsLibrary(path: directory.url.path, follow: false, features: features)
    } throws: { ($0 as? HostError)?.message == "\(directory.url.path): the folder holds no *.log file" }
  }
}
