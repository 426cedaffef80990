// The child process of the crash and fault-injection tests (Tests/HostTests/Crash/): it records
// a session of the real AppFeature and tells its parent, on stdout, which seqs are durable, so
// that the parent can SIGKILL it at a random moment and check the log it leaves behind.
//
// NB: its own executable target rather than a hidden `refold` subcommand. Host is a library
//     that other programs embed to get the same command line; a test harness has no place in
//     it, nor in the binary users run. No product names this target; `swift build` builds it
//     beside `refold` because the package is the root.
import ArgumentParser
import Foundation
import Store

@main
struct CrashChild: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refold-crash-child",
    abstract: "The child process of Refold's crash tests. Not for users.",
    discussion: """
      Both commands read the secrets the session types in from stdin, as one JSON object:
      {"password":"…","token":"…"}. They never come on the command line, where any user can
      read them.
      """,
    subcommands: [RecordCommand.self, FillCommand.self]
  )
}

/// The flags both commands share.
struct SessionFiles: ParsableArguments {
  @Option(help: ArgumentHelp("The event log to create.", valueName: "file"))
  var log: String

  @Option(help: "The seed of the actions sent.")
  var seed: UInt64 = 1
}

/// Records until killed (or `--max-events`, or `--max-seconds`): every `onDurable` callback
/// prints `durable SEQ` on stdout, every burst of actions `sent SEQ`, the end `closed SEQ`.
struct RecordCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "record")

  @OptionGroup var files: SessionFiles

  @Option(help: ArgumentHelp("Where to write one line per commit, before the recorder sees it.", valueName: "file"))
  var journal: String

  @Option(help: "always, batched or never.")
  var fsync: String

  @Option(help: "Stop and close after this many commits.")
  var maxEvents: UInt64 = 1_000_000

  @Option(help: "Stop and close after this long, so that a child whose parent died ends too.")
  var maxSeconds: Int = 60

  func validate() throws {
    guard FsyncPolicy(rawValue: fsync) != nil else {
      throw ValidationError("--fsync must be always, batched or never, not '\(fsync)'")
    }
  }

  func run() async throws {
    let secrets = try Secrets.readStandardInput()
    try await CrashSession(
      files: files, journalPath: journal, policy: FsyncPolicy(rawValue: fsync)!, secrets: secrets
    ).record(maxEvents: maxEvents, maxSeconds: maxSeconds)
  }
}

/// Records under a file-size limit (RLIMIT_FSIZE) until the recorder fails, keeps sending, and
/// prints the journal (`commit …` lines) and one JSON report (`report {…}`, ``FillReport``).
struct FillCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "fill")

  @OptionGroup var files: SessionFiles

  @Option(help: "The file-size limit in bytes.")
  var limit: Int

  @Option(help: "How many actions to send before closing (enough to pass the limit).")
  var events: Int = 2_000

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be a positive number of bytes, not \(limit)") }
  }

  func run() async throws {
    let secrets = try Secrets.readStandardInput()
    try await FillSession(files: files, secrets: secrets, limit: limit, events: events).run()
  }
}

/// What the session types in and gets back: the password and the session token.
struct Secrets: Decodable {
  var password: String
  var token: String

  static func readStandardInput() throws -> Self {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    do {
      return try JSONDecoder().decode(Self.self, from: data)
    } catch {
      throw ValidationError(#"stdin must hold the secrets as {"password":"…","token":"…"} (\#(error))"#)
    }
  }
}
