import ArgumentParser
import Foundation
import IssueReporting
import Store

/// The `refold` command line, for the built-in features and for yours.
///
/// ```swift
/// // main.swift of your own tool: the same commands, and your logs replay with your reducer.
/// await Refold.main(features: [Counter.self])
/// ```
public enum Refold {
  /// Runs the command line with `arguments` (the process's by default) and exits with its code.
  ///
  /// - Parameter features: your features. They are hosted next to the built-in ones; a feature
  ///   of yours with a built-in name replaces the built-in one.
  public static func main(
    features: [any RefoldFeature.Type] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    let code = await run(arguments: arguments, features: features)
    exit(code)
  }

  /// Runs the command line and returns its exit code instead of exiting.
  public static func run(arguments: [String], features: [any RefoldFeature.Type] = []) async -> Int32 {
    let registry = FeatureRegistry(builtin: builtinFeatures, custom: features)
    let command: any ParsableCommand
    do {
      command = try RootCommand.parseAsRoot(arguments)
    } catch {
      return report(parseError: error)
    }
    let reports = FailureReports()
    // The store's issues (a plugin detached) as one line each; under a test runner they stay
    // test issues.
    let reporters = IssueReporters.current
    if !isTesting { IssueReporters.current = [OneLineIssueReporter(reports: reports)] }
    defer { IssueReporters.current = reporters }
    do {
      try await FeatureRegistry.$current.withValue(registry) {
        try await FailureReports.$current.withValue(reports) {
          if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
          } else {
            var command = command
            try command.run()
          }
        }
      }
      return 0
    } catch let error as HostError {
      if !reports.covers(error.message) { Terminal.err("refold: \(error.message)") }
      return error.kind.rawValue
    } catch let error as ExitCode {
      return error.rawValue
    } catch {
      // A validation error keeps its 64; anything else a command throws is the host's failure
      // (70), not a replay that diverged (1, ArgumentParser's code for an unknown error).
      let code = RootCommand.exitCode(for: error)
      guard code == .failure else { return report(parseError: error) }
      Terminal.err("refold: \(error)")
      return HostError.Kind.failure.rawValue
    }
  }

  private static func report(parseError error: any Error) -> Int32 {
    let code = RootCommand.exitCode(for: error)
    let message = RootCommand.fullMessage(for: error)
    if code == .success {
      // --help and --version print to stdout.
      if !message.isEmpty { Terminal.out(message) }
    } else {
      // One line: the first line of the parser's message, then where to look.
      let first = message.split(separator: "\n").first.map(String.init) ?? "\(error)"
      Terminal.err("refold: \(first.replacingOccurrences(of: "Error: ", with: "")) (see 'refold --help')")
    }
    return code.rawValue
  }
}
