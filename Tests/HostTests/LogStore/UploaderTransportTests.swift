import Foundation
import LogUpload
import NIOCore
import NIOPosix
import Testing

/// `LogUploader`'s own HTTP on Linux (SwiftNIO, which waits in the kernel where URLSession
/// spins) keeps the bounds `HTTP.send` keeps: an endless answer is cut at the uploader's
/// limit, a drip at its timeout, a refused connection fails at once, and a cancelled upload
/// closes its connection and ends.
@Suite(.serialized)
struct UploaderTransportTests {
  private func uploader(_ server: URL, timeout: Duration = .seconds(30)) -> LogUploader {
    LogUploader(server: server, key: "rfk_" + String(repeating: "a", count: 64), options: .init(attempts: 1, timeout: timeout))
  }

  @Test func anEndlessAnswerIsCutAtTheUploadersLimit() async throws {
    let server = try await MisbehavingServer.start()
    let error = await #expect(throws: LogUploadError.self) {
      _ = try await uploader(server.baseURL.appendingPathComponent("endless")).upload(Data("{}\n".utf8), name: "log 1")
    }
    #expect(error?.kind == .unreachable)
    #expect(error?.message == "no answer: the answer was larger than 1048576 bytes", "\(String(describing: error))")
    await server.stop()
  }

  @Test func aDripIsCutAtTheTimeout() async throws {
    let server = try await MisbehavingServer.start()
    let started = ContinuousClock.now
    let error = await #expect(throws: LogUploadError.self) {
      _ = try await uploader(server.baseURL.appendingPathComponent("drip"), timeout: .seconds(1)).upload(Data("{}\n".utf8), name: "log 1")
    }
    #expect(error?.message == "no answer: no complete answer within 1.0 seconds", "\(String(describing: error))")
    // The server would drip for ever: only the deadline ends it.
    #expect(ContinuousClock.now - started < .seconds(20))
    await server.stop()
  }

  @Test func aRefusedConnectionFailsAtOnceWithItsReason() async throws {
    // A port that was just free: bound, then closed.
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
    let port = listener.localAddress!.port!
    try await listener.close()
    let started = ContinuousClock.now
    let error = await #expect(throws: LogUploadError.self) {
      _ = try await uploader(URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(60)).upload(Data("{}\n".utf8), name: "log 1")
    }
    #expect(error?.message == "no answer: could not connect to the server", "\(String(describing: error))")
    // Not after the 60 s timeout: a refusal is an answer from the kernel.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func aCancelledUploadEndsAndClosesItsConnection() async throws {
    let server = try await MisbehavingServer.start()
    let upload = Task {
      try await uploader(server.baseURL.appendingPathComponent("drip"), timeout: .seconds(600)).upload(Data("{}\n".utf8), name: "log 1")
    }
    var arrivals = server.arrivals.makeAsyncIterator()
    #expect(await arrivals.next() == "drip")
    upload.cancel()
    await #expect(throws: CancellationError.self) { _ = try await upload.value }
    // The server stops dripping when the client goes away: stop() would wait for ever otherwise.
    await server.stop()
  }
}

/// The reason for the uploader's own HTTP: while it waits for an answer, `refold store push`
/// sleeps in the kernel. Over URLSession on Linux it spun, and four pushers at once starved
/// the server they waited on (docs/shared-log-store.md).
@Suite(.serialized)
struct UploaderWaitTests {
  @Test func aPushWaitingTwoSecondsForItsAnswerSpendsAlmostNoCPU() async throws {
    let server = try await MisbehavingServer.start(slowAnswer: .seconds(2))
    let directory = try TemporaryDirectory()
    let log = directory.url.appendingPathComponent("one.log")
    try Data(StoreTestLogs.log(1)).write(to: log)
    let started = ContinuousClock.now
    let output = try await RefoldProcess.run(
      ["store", "push", log.path, "--server", server.baseURL.appendingPathComponent("slow").absoluteString,
       "--key", "rfk_" + String(repeating: "a", count: 64)],
      cpuTime: true)
    let waited = ContinuousClock.now - started
    #expect(output.status == 2, "refused once, not tried again: \(output.stderr)")
    #expect(output.stderr.contains("refused by the server (401): slow refusal"), "\(output.stderr)")
    #expect(waited >= .seconds(2))
    // Starting the process costs a little; spinning through the wait cost about the wait.
    let cpu = try #require(output.cpuSeconds, "no CPU time in: \(output.stderr)")
    #expect(cpu < 1.0, "refold store push spent \(cpu) s of CPU over a \(waited) wait")
    await server.stop()
  }
}
