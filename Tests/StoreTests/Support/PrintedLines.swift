import Store

/// What a printer or a store's report handed out, line by line, from any thread.
final class PrintedLines: Sendable {
  // NB: LockIsolated, not Synchronization.Mutex, which ThreadSanitizer does not see on Linux.
  private let lines = LockIsolated<[String]>([])
  var all: [String] { lines.withValue { $0 } }
  func append(_ text: String) { lines.withValue { $0.append(text) } }
}
