import ArgumentParser
import Foundation
import IssueReporting
import JSONCodec
import LogStorage
import Store

/// The command line for your features: run them from action lines, record, replay, inspect and
/// diff their logs. The `refold` executable is this with the built-in features, `demo` and
/// `bench`.
///
/// ```swift
/// // main.swift of your own tool: your logs replay with your reducer.
/// await Refold.main(HostConfiguration(features: [Counter.self]))
/// ```
public enum Refold {
  /// Runs the command line with `arguments` (the process's by default) and exits with its code.
  public static func main(
    _ configuration: HostConfiguration,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    let code = await run(configuration, arguments: arguments)
    exit(code)
  }

  /// Hosts `features` (and nothing else) under the executable's name, then exits.
  public static func main(
    features: [any RefoldFeature.Type],
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    await main(HostConfiguration(features: features), arguments: arguments)
  }

  /// Runs the command line and returns its exit code instead of exiting.
  public static func run(_ configuration: HostConfiguration, arguments: [String]) async -> Int32 {
    Terminal.ignoreBrokenPipes()
    let code = await HostConfiguration.$current.withValue(configuration) {
      await run(arguments: arguments, registry: FeatureRegistry(configuration.features))
    }
    return outputCode(after: code, configuration: configuration)
  }

  /// The exit code once the command has ended (and closed what it opened): a failed write to
  /// stdout wins over success. A reader that left the pipe (`| head -1`) ends the run as
  /// `SIGPIPE` would, quietly, with 141; any other failure (a full disk) is one line and 74.
  private static func outputCode(after code: Int32, configuration: HostConfiguration) -> Int32 {
    guard let failure = Terminal.outputFailure else { return code }
    if failure == EPIPE { return code == 0 ? 141 : code }
    HostConfiguration.$current.withValue(configuration) {
      Terminal.diagnostic("cannot write the output to stdout: \(String(cString: strerror(failure)))")
    }
    return code == 0 ? HostError.Kind.outputFailed.rawValue : code
  }

  private static func run(arguments: [String], registry: FeatureRegistry) async -> Int32 {
    let command: any ParsableCommand
    do {
      command = try RootCommand.parseAsRoot(arguments)
    } catch {
      return report(parseError: error)
    }
    guard JSONParseBudget.limitFromEnvironment != nil else {
      // Read once, where a log is parsed: a value that means nothing must not pass silently.
      Terminal.diagnostic(
        "\(JSONParseBudget.environmentVariable)=\(Terminal.quoted(ProcessInfo.processInfo.environment[JSONParseBudget.environmentVariable] ?? "")): "
          + "expected a size in bytes, like 268435456 or 256M")
      return HostError.Kind.usage.rawValue
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
      return report(error, reports)
    } catch let error as LogStoreError {
      return report(HostError(error), reports)
    } catch let error as ExitCode {
      return error.rawValue
    } catch {
      // A validation error keeps its 64; anything else a command throws is the host's failure
      // (70), not a replay that diverged (1, ArgumentParser's code for an unknown error).
      let code = RootCommand.exitCode(for: error)
      guard code == .failure else { return report(parseError: error) }
      Terminal.diagnostic("\(error)")
      return HostError.Kind.failure.rawValue
    }
  }

  private static func report(_ error: HostError, _ reports: FailureReports) -> Int32 {
    if !reports.covers(error.message) {
      Terminal.diagnostic(error.message)
      if let detail = error.detail { Terminal.errDetail(detail) }
    }
    return error.kind.rawValue
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
      let name = HostConfiguration.current.commandName
      Terminal.diagnostic("\(first.replacingOccurrences(of: "Error: ", with: "")) (see '\(name) --help')")
    }
    return code.rawValue
  }
}
