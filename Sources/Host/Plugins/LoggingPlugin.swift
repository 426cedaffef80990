public import Logging
public import Store

/// Logs one line per action at debug level: seq, origin, action name and the action as JSON,
/// with secrets redacted.
///
/// ```
/// 2026-11-21T17:00:00+0000 debug refold : feature=signIn origin=send seq=2 [Host] binding {"binding":{"_0":{"password":"<redacted>"}}}
/// ```
public final class LoggingPlugin<State, Action: Encodable>: StorePlugin {
  private let logger: Logger
  private let feature: String
  private let encoder = LogJSONEncoder()

  public init(feature: String, logger: Logger) {
    self.feature = feature
    self.logger = logger
  }

  public func didCommit(_ commit: Commit<State, Action>) {
    guard logger.logLevel <= .debug else { return }
    let redacted = Redaction.apply(commit.action)
    // An action may hold a server's text: its C1 controls and bidi overrides are escaped too,
    // as the log handler writes the line to a terminal as it is.
    let json = (try? encoder.encode(redacted)).map { Terminal.escapedJSON(String(decoding: $0, as: UTF8.self)) } ?? "(not encodable)"
    logger.debug(
      "\(actionName(redacted)) \(json)",
      metadata: [
        "feature": "\(feature)",
        "seq": "\(commit.seq)",
        "origin": "\(commit.origin.rawValue)",
      ]
    )
  }
}
