import InternalTestSupport

/// What a printer or a store's report handed out, line by line, from any thread.
final class PrintedLines: Sendable {
  private let lines = Locked<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  func append(_ text: String) { lines.withLock { $0.append(text) } }
}
