import Foundation
import IssueReporting
import Store

/// The failures `refold` has told the user about in this run, so that one failure is one line
/// on stderr although it surfaces up to three times: when the recorder's writer hits it, when
/// the store detaches the recorder at the next commit, and when the run closes the recorder.
final class FailureReports: @unchecked Sendable {
  // NB: @unchecked: `reported` is only touched with `lock` held.
  private let lock = NSLock()
  private var reported: [String] = []

  /// The run's reports; `Refold.run` binds a fresh one.
  @TaskLocal static var current = FailureReports()

  /// Prints `failure` as one line, unless it was printed already.
  func report(_ failure: String, consequence: String = "") {
    let isNew = lock.withLock {
      if reported.contains(failure) { return false }
      reported.append(failure)
      return true
    }
    if isNew { Terminal.diagnostic("\(failure)\(consequence)") }
  }

  /// Whether `failure` was printed, or `text` quotes a failure that was.
  func covers(_ text: String) -> Bool {
    lock.withLock { reported.contains { text.contains($0) } }
  }
}

/// Prints what the store reports (a plugin it detached, a binding dropped at once) as one
/// `refold:` line on stderr, instead of the default reporter's source location and lines, and
/// stays silent about a failure that was already printed.
struct OneLineIssueReporter: IssueReporter {
  let reports: FailureReports

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    print(message() ?? "an issue was reported at \(fileID):\(line)", severity: severity)
  }

  func reportIssue(
    _ error: any Error, _ message: @autoclosure () -> String?, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    print([message(), "\(error)"].compactMap(\.self).joined(separator: ": "), severity: .error)
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {}

  func expectIssue(
    _ error: any Error, _ message: @autoclosure () -> String?, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {}

  private func print(_ text: String, severity: IssueSeverity) {
    guard !reports.covers(text) else { return }
    Terminal.diagnostic(severity == .warning ? "warning: \(text)" : text)
  }
}

/// How a hosted recorder's failure reaches the user: one line when the writer hits it, and the
/// exit code (70) at the end of the run, whose other output stands.
enum RecordingFailure {
  /// For ``RecorderOptions/onFailure``: prints the failure as soon as recording stops.
  static func reporter(_ reports: FailureReports = FailureReports.current) -> @Sendable (RecorderError) -> Void {
    { error in reports.report("\(error)", consequence: "; the run goes on without recording") }
  }

  /// Why the recorder could not start, as `refold` says it (exit code 2). The Store module's
  /// message for an existing file names the Swift option; a user of `refold` needs a way out on
  /// the command line.
  /// The file exists: the user's to decide (2). The file cannot be created or written (a
  /// missing folder, a full disk, permissions): the host could not do its part (70).
  static func cannotStart(_ error: any Error, path: String) -> HostError {
    guard let error = error as? RecorderError else { return HostError(.failure, "cannot record to \(path): \(error)") }
    switch error.kind {
    case .alreadyExists:
      return .badInput("cannot record to \(path): the file already exists; remove it or record to another path")
    case .cannotAppend, .resumeMismatch, .invalidOptions:
      return .badInput("\(error)")
    default:
      return HostError(.failure, "\(error)")
    }
  }

  /// Closes the recorder; a failure that stopped it becomes exit code 70.
  static func close<State, Action>(_ recorder: Recorder<State, Action>) async throws(HostError) {
    do {
      try await recorder.close()
    } catch {
      throw HostError(.failure, "\(error)")
    }
  }
}
