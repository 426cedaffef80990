#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Reducers

/// `record`: the session the parent kills. It prints `durable SEQ` for each `onDurable`,
/// `sent SEQ` after each burst of actions, and `closed SEQ` at a normal end.
struct CrashSession {
  let files: SessionFiles
  let journalPath: String
  let policy: FsyncPolicy
  let secrets: Secrets

  @MainActor
  func record(maxEvents: UInt64, maxSeconds: Int) async throws {
    let recorder = try Recorder<AppFeature.State, AppFeature.Action>(
      file: URL(fileURLWithPath: files.log), feature: "app", initialState: AppFeature.State(),
      options: RecorderOptions(
        fsync: policy, checkpointInterval: 25, snapshotInterval: 250,
        // The acknowledgement: printed only once the seq is durable (fsynced, or written for
        // `.never`). A failed write kills the child with SIGPIPE when the parent is gone.
        onDurable: { seq in try? writeLine(STDOUT_FILENO, "durable \(seq)") }))
    let journal = try Journal(path: journalPath)
    let store = Store(
      initialState: AppFeature.State(), reducer: AppFeature(), plugins: [journal, recorder]
    ) {
      CrashScript.prepareDependencies(&$0, secrets: secrets)
    }
    var script = CrashScript(seed: files.seed, secrets: secrets)
    let end = ContinuousClock.now + .seconds(maxSeconds)
    while journal.lastSeq < maxEvents, ContinuousClock.now < end {
      for _ in 0..<script.burstSize() { store.send(script.next()) }
      while script.hasPending { store.send(script.next()) }
      // Lets the parent kill between acknowledgements too, with commits not yet written.
      try writeLine(STDOUT_FILENO, "sent \(journal.lastSeq)")
      try await script.pause()
    }
    try await recorder.close()
    try writeLine(STDOUT_FILENO, "closed \(journal.lastSeq)")
  }
}
