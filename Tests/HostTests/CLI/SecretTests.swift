import Foundation
import Demo
import Host
import Testing

/// The password and the session token (the demo backend's, for son) never leave `refold` in
/// clear: not in what it prints, not in the logging plugin's lines, not in the event log, not in
/// its error messages. The session file is the one place that keeps the token, readable by its
/// owner only. (The crash harness checks its own artefacts: Tests/HostTests/Crash/.)
@Suite(.serialized)
struct SecretTests {
  static let password = DemoFixtures.accounts[0].password
  static let token = DemoFixtures.accounts[0].jwt
  static let signIn = """
    {"binding":{"_0":{"username":"son@example.com"}}}
    {"binding":{"_0":{"password":"\(password)"}}}
    {"signInTapped":{}}
    """

  func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  func expectNoSecret(in text: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.contains(Self.password), "the password is in \(place)", sourceLocation: sourceLocation)
    #expect(!text.contains(Self.token), "the session token is in \(place)", sourceLocation: sourceLocation)
  }

  @Test func aSignedInRunKeepsTheSecretsOutOfItsOutputLogAndLoggingLines() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("secret.log").path
    let session = directory.url.appendingPathComponent("refold/session.json").path
    let run = try await RefoldProcess.run(
      ["run", "signIn", "--record", log, "--log-level", "debug", "--session-file", session], stdin: Self.signIn)
    #expect(run.status == 0, "\(run.stderr)")
    let recorded = try String(contentsOfFile: log, encoding: .utf8)

    // The secrets went through: signed in, with both redacted wherever they are shown.
    #expect(run.stdout.contains(#""password":"<redacted>""#), "\(run.stdout)")
    #expect(run.stdout.contains(#""session":{"shared":"inMemory:session","value":{"token":"<redacted>","id":1"#), "\(run.stdout)")
    #expect(run.stderr.contains(#"binding {"binding":{"_0":{"password":"<redacted>"}}}"#), "\(run.stderr)")
    #expect(run.stderr.contains(#"loginResponse.success {"loginResponse":{"_0":{"success":{"_0":{"token":"<redacted>""#), "\(run.stderr)")
    #expect(recorded.contains(#""token":"<redacted>""#))
    expectNoSecret(in: run.stdout, "refold run's output")
    expectNoSecret(in: run.stderr, "the logging plugin's lines on stderr")
    expectNoSecret(in: recorded, "the event log")

    // Only the session file keeps the token, and only its owner can read it.
    #expect(try mode(log) == 0o600)
    #expect(try mode(session) == 0o600)
    #expect(try String(contentsOfFile: session, encoding: .utf8).contains(Self.token))
  }

  @Test func theDemoKeepsTheSecretsOutOfItsReportAndItsLog() async throws {
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("demo.log").path
    // With every hosted plugin on: the debug log of each action goes to stderr too.
    let demo = try await RefoldProcess.run(["demo", "--record", log, "--log-level", "debug", "--metrics"])
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stderr.contains(#"{"password":"<redacted>"}"#), "no debug log of the sign-in: \(demo.stderr)")
    #expect(demo.stderr.contains("metrics: refold_reduce_seconds{feature=app}"), "\(demo.stderr)")
    let recorded = try String(contentsOfFile: log, encoding: .utf8)
    #expect(recorded.contains(#""token":"<redacted>""#), "the demo did not sign in")
    for (text, place) in [(demo.stdout, "the demo's report"), (demo.stderr, "the demo's stderr"), (recorded, "the demo's log")] {
      expectNoSecret(in: text, place)
      #expect(!text.contains("wrong-password"), "the demo's first, wrong, password is in \(place)")
    }
    #expect(try mode(log) == 0o600)
  }

  /// Action lines that hold a secret where it does not belong: the error names the line, not
  /// the secret.
  @Test(arguments: [
    ("signIn", #"{"binding":"\#(password)"}"#),
    ("signIn", #"{"binding":{"_0":{"password":\#(password)}}}"#),
    ("signIn", #"{"binding":{"_0":{"password":["\#(password)"]}}}"#),
    ("signIn", #"{"binding":{"_1":{"password":"\#(password)"}}}"#),
    ("signIn", #"{"binding":{"_0":{"pasword":"\#(password)"}}}"#),
    ("signIn", #"{"binding":{"_0":{"password":"\#(password)","username":"son"}}}"#),
    ("signIn", #"{"bindin":{"_0":{"password":"\#(password)"}}}"#),
    ("signIn", #"{"loginResponse":{"_0":{"success":{"_0":{"token":"\#(token)","id":"1","email":"e","username":"u"}}}}}"#),
    ("signIn", #"{"loginResponse":{"_0":{"success":{"_0":{"token":["\#(token)"]}}}}}"#),
    ("app", #"{"signIn":{"_0":{"presented":{"_0":{"binding":{"_0":{"password":7},"_1":"\#(password)"}}}}}}"#),
  ])
  func errorsAboutABadActionLineDoNotRepeatTheSecret(feature: String, line: String) async throws {
    var lines = Self.signIn.split(separator: "\n").map(String.init)
    if feature == "app" {
      // The lines before the bad one are sent (`run` streams): the sheet is presented first.
      lines = [#"{"signInButtonTapped":{}}"#] + lines.map { #"{"signIn":{"_0":{"presented":{"_0":\#($0)}}}}"# }
    }
    let run = try await RefoldProcess.run(["run", feature], stdin: (lines + [line]).joined(separator: "\n") + "\n")
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("refold: stdin:\(lines.count + 1): "), "\(run.stderr)")
    expectNoSecret(in: run.stderr, "the error")
  }
}
