import ArgumentParser
import Foundation
import Reducers

struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "The tour: every feature over real HTTP, recorded, replayed and verified.",
    discussion: """
      Starts the loopback demo backend (HTTP on 127.0.0.1, an OS-chosen port), drives the app \
      through a scripted session with live effects while a console view shows the bound \
      outputs change, records the session to an event log, replays the log headless and checks \
      every checkpoint, and ends with a report.

      Examples:
        refold demo
        refold demo --record demo.log && refold inspect demo.log
      """
  )

  @Option(name: .long, help: ArgumentHelp("Where to write the event log (default: a new file in the temporary directory).", valueName: "file"))
  var record: String?

  @Option(name: .long, help: "When the log is fsynced: always, batched or never.")
  var fsync: PluginOptions.FsyncMode = .batched

  func run() async throws {
    try await DemoRun(logPath: record ?? Self.defaultLogPath(), fsync: fsync.policy).run()
  }

  static func defaultLogPath() -> String {
    let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("refold-demo-\(stamp)-\(getpid()).log").path
  }
}
