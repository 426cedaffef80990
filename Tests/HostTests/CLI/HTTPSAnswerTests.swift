import Foundation
import Testing

/// `https://` on Linux goes the way `http://` does (SwiftNIO, with NIOSSL's TLS), so its answer
/// is bounded in memory too (``AnswerMemoryTests`` for `http://`), and its certificate is
/// verified against the system's trust roots or `SSL_CERT_FILE`'s. Each test runs `refold`
/// against a ``TLSFloodingServer`` presenting a certificate made for the test.
@Suite(.serialized)
struct HTTPSAnswerTests {
  static let events = #"{"onAppear":{}}"# + "\n"
  /// The variable that names the certificates to trust instead of the system's.
  static let trustRoots = "SSL_CERT_FILE"

  @Test func runGetsAnHTTPSAnswerFromAServerItsCertificateFileTrusts() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try SelfSignedCertificate.make(in: directory)
    let server = try await TLSFloodingServer.start(certificate)
    let run = try await MeasuredRun.run(
      ["run", "userList", "--base-url", server.baseURL.absoluteString, "--request-timeout", "60"], stdin: Self.events,
      environment: [Self.trustRoots: certificate.certificate])
    await server.stop()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Leanne Graham") && !run.stdout.contains("error"), "\(run.stdout)")
  }

  /// Over SwiftNIO (debug build, 6 runs) `run` held 7.3 to 8 MiB more than answered at once,
  /// and `store push` 0.5 to 1.3 MiB more. Through URLSession on Linux, which queues every read
  /// for its delegate, `run` held 432 to 2,685 MiB more and `store push` 1.9 to 4.9 GB (3 runs
  /// each; `https://` sent back to URLSession, and the test's certificate put in the system's
  /// bundle in a private mount namespace, the only trust URLSession there reads).
  @Test func runAgainstAnEndlessHTTPSAnswerHoldsNoMoreThanItsCap() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try SelfSignedCertificate.make(in: directory)
    let server = try await TLSFloodingServer.start(certificate)
    let answered = try await EndlessAnswerRuns.run(server.baseURL, environment: [Self.trustRoots: certificate.certificate])
    await server.stop()
    #expect(answered.status == 0 && answered.stdout.contains("Leanne Graham"), "\(answered.stdout)\(answered.stderr)")
  }

  @Test func pushAgainstAnEndlessHTTPSAnswerHoldsNoMoreThanItsCap() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try SelfSignedCertificate.make(in: directory)
    let server = try await TLSFloodingServer.start(certificate)
    try await EndlessAnswerRuns.push(server.baseURL, environment: [Self.trustRoots: certificate.certificate])
    await server.stop()
  }

  /// Without `SSL_CERT_FILE` the system's authorities decide, and none signed the test's
  /// certificate: no answer, with why, and the run goes on.
  @Test func aSelfSignedServerIsRefusedWithoutTheCertificateFile() async throws {
    let directory = try TemporaryDirectory()
    let server = try await TLSFloodingServer.start(try SelfSignedCertificate.make(in: directory))
    let run = try await MeasuredRun.run(
      ["run", "userList", "--base-url", server.baseURL.absoluteString], stdin: Self.events, removing: [Self.trustRoots])
    await server.stop()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      Self.errorMessage(run).contains("the server's certificate is not trusted: it is not signed by an authority the system trusts"),
      "\(run.stdout)")
    #expect(!run.stdout.contains("Leanne Graham"), "\(run.stdout)")
  }

  /// A certificate the file trusts, but for another name: refused as not the server's.
  @Test func aCertificateForAnotherNameIsRefused() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try SelfSignedCertificate.make(in: directory, names: "DNS:elsewhere.invalid")
    let server = try await TLSFloodingServer.start(certificate)
    let run = try await MeasuredRun.run(
      ["run", "userList", "--base-url", "https://localhost:\(server.port)"], stdin: Self.events,
      environment: [Self.trustRoots: certificate.certificate])
    await server.stop()
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.errorMessage(run).contains("the server's certificate is not for localhost"), "\(run.stdout)")
    #expect(!run.stdout.contains("Leanne Graham"), "\(run.stdout)")
  }

  /// A file that is not there, or holds no certificate, is said with its path, not a crash.
  @Test(arguments: [("missing.pem", nil), ("empty.pem", ""), ("text.pem", "not a certificate\n")] as [(String, String?)])
  func aCertificateFileThatCannotBeReadIsNamed(name: String, contents: String?) async throws {
    let directory = try TemporaryDirectory()
    let server = try await TLSFloodingServer.start(try SelfSignedCertificate.make(in: directory))
    let path = try contents.map { try directory.file(name, $0) } ?? directory.url.appendingPathComponent(name).path
    let run = try await MeasuredRun.run(
      ["run", "userList", "--base-url", server.baseURL.absoluteString], stdin: Self.events,
      environment: [Self.trustRoots: path])
    await server.stop()
    #expect(run.status == 0, "\(run.stderr)")
    let why = contents == nil ? "there is no such file" : "it holds no PEM certificate"
    #expect(
      Self.errorMessage(run).contains("cannot read the certificates to trust from SSL_CERT_FILE (\(path)): \(why)"),
      "\(run.stdout)")
  }

  /// The error message in the user list's final state (JSON escapes the path's slashes).
  static func errorMessage(_ run: MeasuredRun) -> String {
    let state = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    return ((state?["error"] as? [String: Any])?["message"] as? String) ?? ""
  }
}
