import Foundation
import Testing

/// `refold collect` and `refold store` as a user runs them: a key made, a server started, logs
/// pushed from a shell and listed.
@Suite(.serialized)
struct StoreCommandTests {
  /// `refold collect ARGUMENTS`, running, with the address its first line printed.
  struct Collecting {
    let child: StartedChild
    let server: String

    /// `shell`, if given, runs in `/bin/sh` before it execs the collector (`startRefold`).
    static func start(_ arguments: [String], shell: String? = nil) async throws -> Collecting {
      let (child, text) = try await startRefold(["collect"] + arguments, firstLineHolding: "/v1/logs", shell: shell)
      let start = try #require(text.range(of: "http://"))
      let end = try #require(text.range(of: "/v1/logs"))
      return Collecting(child: child, server: String(text[start.lowerBound..<end.lowerBound]))
    }

    func stop() async throws {
      child.process.terminate()
      _ = try await offThePool { child.wait() }
    }
  }

  @Test func aKeyAServerAPushAndAListing() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let key = try await RefoldProcess.run(["store", "key", "add", "ios-beta", "--store", store])
    #expect(key.status == 0, "\(key.stderr)")
    let apiKey = key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(apiKey.hasPrefix("rfk_") && apiKey.count == 68)

    let collecting = try await Collecting.start(["--listen", "127.0.0.1:0", "--store", store])
    let first = try directory.file("first.log", contents: Data(StoreTestLogs.log(1)))
    let second = try directory.file("second.log", contents: Data(StoreTestLogs.log(2, events: 5)))
    let push = try await RefoldProcess.run(
      ["store", "push", first, second, "--server", collecting.server, "--key", apiKey, "--device", "qa-1"])
    #expect(push.status == 0, "\(push.stderr)")
    #expect(push.stdoutLines.count == 2)
    #expect(push.stdoutLines.first?.hasPrefix("\(first): stored as ") == true, "\(push.stdout)")
    #expect(push.stdoutLines.last?.hasSuffix("(amountInput, 5 events)") == true, "\(push.stdout)")
    let again = try await RefoldProcess.run(["store", "push", first, "--server", collecting.server, "--key", apiKey])
    #expect(again.stdoutLines.first?.hasPrefix("\(first): already stored as ") == true, "\(again.stdout)")

    let refused = try await RefoldProcess.run(
      ["store", "push", first, "--server", collecting.server, "--key", "rfk_" + String(repeating: "c", count: 64)])
    #expect(refused.status == 2)
    #expect(refused.stderr == "\(first): refused by the server (401): the API key is not one this store knows\n", "\(refused.stderr)")
    try await collecting.stop()

    let nobody = try await RefoldProcess.run(
      ["store", "push", first, "--server", collecting.server, "--key", apiKey, "--attempts", "1"])
    #expect(nobody.status == 70)
    #expect(nobody.stderr.hasPrefix("\(first): not uploaded after 1 tries; the last: no answer: "), "\(nobody.stderr)")

    let listed = try await RefoldProcess.run(["store", "list", "--store", store, "--json", "--where", "device=qa-1"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let logs = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    #expect(logs.count == 2)
    #expect(Set(logs.compactMap { $0["events"] as? Int }) == [2, 5])
    #expect(logs.allSatisfy { $0["app"] as? String == "ios-beta" && $0["feature"] as? String == "amountInput" })
    let lines = try await RefoldProcess.run(["store", "list", "--store", store])
    #expect(lines.stdoutLines.count == 2 && lines.stderr == "2 logs\n", "\(lines.stdout)\(lines.stderr)")
  }

  @Test func badArgumentsAreOneLineEach() async throws {
    let directory = try TemporaryDirectory()
    let store = directory.url.appendingPathComponent("store").path
    let unknownKey = try await RefoldProcess.run(["store", "list", "--store", store, "--where", "color=red"])
    #expect(unknownKey.status == 64)
    #expect(unknownKey.stderr == "refold: --where color=red: 'color' is not one of feature, app, device, appVersion, schema\n")
    let notAStore = try directory.file("plain.txt", "hello")
    let file = try await RefoldProcess.run(["store", "list", "--store", notAStore])
    #expect(file.status == 2)
    #expect(file.stderr == "refold: --store \(notAStore) is a file, not a folder\n")
    let noKey = try await RefoldProcess.run(["store", "push", notAStore, "--server", "http://127.0.0.1:1"], environment: ["REFOLD_UPLOAD_KEY": ""])
    #expect(noKey.status == 64, "\(noKey.stderr)")
    let badListen = try await RefoldProcess.run(["collect", "--store", store, "--listen", "nowhere"])
    #expect(badListen.status == 64)
    #expect(badListen.stderr.contains("--listen nowhere: expected HOST:PORT, like 127.0.0.1:8400"), "\(badListen.stderr)")
  }
}
