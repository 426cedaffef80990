import ArgumentParser
import Foundation
import Store

struct TestGenCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "test-gen",
      abstract: "Write a Swift Testing file that replays a log's actions through TestStore, exhaustively.",
      discussion: """
        Each action the user sent becomes a `send`, each action an effect sent a `receive`, each \
        with the state after it as the current build reaches it. The effects do not run: a sent \
        action's effect hands back the actions the log received after it (RecordedSession), so \
        the test needs no network. The log is replayed first, every checkpoint verified: a build \
        that does not reproduce it is refused (exit 1), as its test would fail at once. The \
        file goes to stdout, or to --out; it compiles in a test target that depends on Host, \
        Store, the feature's module and IssueReportingTestSupport.

        Examples:
          \(Help.name) test-gen session.log > Tests/AppTests/SessionTests.swift
          \(Help.name) test-gen session.log --from 10 --to 40 --name searchAfterLogin
        """
    )
  }

  @Argument(help: "The event log.")
  var file: String

  @Option(name: .long, help: "The first seq of the stretch (default 1); the test starts from the state before it.")
  var from: UInt64?

  @Option(name: .long, help: "The last seq of the stretch (default: the log's last).")
  var to: UInt64?

  @Option(name: .long, help: "The test function's name (default: the feature's and the log's).")
  var name: String?

  @Option(name: .long, help: ArgumentHelp("Write the file here instead of to stdout.", valueName: "file"))
  var out: String?

  func validate() throws {
    if let name, SwiftSource.identifier(name) != name || name.isEmpty {
      throw ValidationError("--name must be a Swift identifier in lowerCamelCase, e.g. \(SwiftSource.identifier(name))")
    }
  }

  func run() async throws {
    let feature = try LogTools.feature(of: file)
    let source = try await generate(feature)
    guard let out else { return Terminal.out(source.hasSuffix("\n") ? String(source.dropLast()) : source) }
    do {
      try Data(source.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
    } catch {
      throw HostError(.failure, "--out \(out): cannot be written (\(error.localizedDescription))")
    }
  }

  @MainActor
  private func generate<F: RefoldFeature>(_ feature: F.Type) async throws -> String {
    try await TestGenerator.generate(F.self, .init(file: file, from: from, to: to, name: name))
  }
}
