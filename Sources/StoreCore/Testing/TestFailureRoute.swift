import IssueReporting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether a ``TestStore``'s failures can reach the test runner.
///
/// IssueReporting hands an issue to Swift Testing through a function of its
/// `IssueReportingTestSupport` product, which it looks up by symbol at run time. When the test
/// target does not link that product, a reported issue is only printed ("An issue was recorded
/// without linking the Testing framework") and the test passes: a wrong assertion would go
/// unnoticed. So the first TestStore of such a process stops it instead, with one line that
/// says what to add.
enum TestFailureRoute {
  /// IssueReportingTestSupport's `_recordIssue()`, the function IssueReporting looks up
  /// (xctest-dynamic-overlay 1.13, `Sources/IssueReporting/Internal/SwiftTesting.swift`).
  static let recordIssueSymbol = "$s25IssueReportingTestSupport07_recordA0ypyF"

  static let missingSupportMessage = """
    TestStore cannot report failures: add the "IssueReportingTestSupport" product of \
    xctest-dynamic-overlay to your test target's dependencies
    """

  /// Why this process's TestStores cannot fail a test, or nil when they can (or when no test
  /// is running, where IssueReporting prints issues instead, as it should).
  static func problem(isTesting: Bool, supportIsLinked: Bool) -> String? {
    isTesting && !supportIsLinked ? missingSupportMessage : nil
  }

  /// Checked once per process: linking does not change while it runs.
  static let problemInThisProcess = problem(isTesting: isTesting, supportIsLinked: isSupportLinked())

  /// Stops the process when its TestStores cannot fail a test.
  static func requireReachableTestRunner() {
    if let problemInThisProcess { fatalError(problemInThisProcess) }
  }

  /// Looks the symbol up the way IssueReporting does, so that both agree on what is linked.
  private static func isSupportLinked() -> Bool {
    #if os(Linux) || os(Android)
      guard let handle = dlopen("libIssueReportingTestSupport.so", RTLD_LAZY) ?? dlopen(nil, RTLD_LAZY)
      else { return false }
      return dlsym(handle, recordIssueSymbol) != nil
    #elseif canImport(Darwin)
      // NB: On Apple platforms IssueReporting falls back to the Testing framework's own symbols
      //     in debug builds, so a missing product does not silence failures there.
      return true
    #else
      return true
    #endif
  }
}
