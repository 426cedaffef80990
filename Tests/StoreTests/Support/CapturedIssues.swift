import Foundation
import IssueReporting

/// An issue reporter that keeps what it is told, for tests of warnings (which Swift Testing's
/// `withKnownIssue` does not match).
final class CapturedIssues: IssueReporter, @unchecked Sendable {
  // Guarded by `lock`: reporters can be called from any thread.
  private let lock = NSLock()
  private var captured: [(message: String, severity: IssueSeverity)] = []

  var all: [(message: String, severity: IssueSeverity)] {
    lock.lock()
    defer { lock.unlock() }
    return captured
  }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let text = message() ?? ""
    lock.lock()
    captured.append((text, severity))
    lock.unlock()
  }
}
