import Host
public import ArgumentParser
import Foundation
import Reducers

public struct DemoCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "The tour: every feature over real HTTP, recorded, replayed and verified.",
    discussion: """
      Starts the loopback demo backend (HTTP on 127.0.0.1, an OS-chosen port), drives the app \
      through a scripted session with live effects while a console view shows the bound \
      outputs change, records the session to an event log, replays the log headless and checks \
      every checkpoint, and ends with a report. The log goes to --record, or to a new file in \
      the temporary directory.

      Examples:
        refold demo
        refold demo --record demo.log && refold inspect demo.log
        refold demo --log-level debug --metrics
      """
  )

  @OptionGroup var plugins: PluginOptions

  public init() {}

  public func run() async throws {
    // The demo always records: without --record, to a new file.
    try await DemoRun(logPath: plugins.record ?? Self.defaultLogPath(), plugins: plugins).run()
  }

  static func defaultLogPath() -> String {
    let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("refold-demo-\(stamp)-\(getpid()).log").path
  }
}
