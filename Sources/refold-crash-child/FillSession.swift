#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Reducers

/// `fill`: records under RLIMIT_FSIZE until a write fails with EFBIG, keeps the store going,
/// and reports. The journal goes to stdout (`commit …` lines), since the limit holds for every
/// file the process writes; the last line is `report {…}` (``FillReport``).
struct FillSession {
  let files: SessionFiles
  let secrets: Secrets
  let limit: Int
  let events: Int

  @MainActor
  func run() async throws {
    // Past the limit the kernel sends SIGXFSZ, which kills a process that does not ignore it;
    // ignored, the write fails with EFBIG (after a short write up to the limit).
    signal(SIGXFSZ, SIG_IGN)
    var limits = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    guard setrlimit(resource, &limits) == 0 else {
      throw ChildError("setrlimit(RLIMIT_FSIZE, \(limit)) failed: \(String(cString: strerror(errno)))")
    }
    let recorder = try Recorder<AppFeature.State, AppFeature.Action>(
      file: URL(fileURLWithPath: files.log), feature: "app", initialState: AppFeature.State(),
      options: RecorderOptions(fsync: .always, checkpointInterval: 25, snapshotInterval: 250))
    let journal = Journal(fd: STDOUT_FILENO, prefix: "commit ")
    let store = Store(
      initialState: AppFeature.State(), reducer: AppFeature(), plugins: [journal, recorder]
    ) {
      CrashScript.prepareDependencies(&$0, secrets: secrets)
    }
    var script = CrashScript(seed: files.seed, secrets: secrets)
    for index in 0..<events {
      store.send(script.next())
      if index % 16 == 15 { await Task.yield() }
    }
    var report = FillReport(durableSeq: recorder.durableSeq, lastSeq: journal.lastSeq)
    do {
      try await recorder.close()
    } catch let error as RecorderError {
      report.error = error.description
      report.kind = error.kind.rawValue
      report.errno = error.errno
      report.seq = error.seq
    }
    // The store goes on without its recorder.
    store.send(.amountInput(.textChanged("777")))
    report.output = store.state.amountInput.output
    report.durableSeq = recorder.durableSeq
    let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
    try writeLine(STDOUT_FILENO, "report \(json)")
  }
}

/// What `fill` found, printed as JSON after `report `.
struct FillReport: Codable {
  /// The highest seq the recorder reported durable before it stopped.
  var durableSeq: UInt64
  /// The last seq the store committed before `close()`.
  var lastSeq: UInt64
  /// The error that stopped recording: its description, kind, errno and seq.
  var error: String?
  var kind: String?
  var errno: Int32?
  var seq: UInt64?
  /// `amountInput.output` after one more action, sent once the recorder had stopped.
  var output: String?
}
