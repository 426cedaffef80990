import ArgumentParser

/// `refold collect`'s flags against slow and greedy clients: `--header-timeout`,
/// `--body-timeout`, `--max-connections-per-address`, `--max-connections`
/// (``ConnectionLimits``; the defaults are ``ConnectionLimits/collect``).
struct ConnectionLimitOptions: ParsableArguments {
  private static let defaults = ConnectionLimits.collect

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Close a connection whose request head has not arrived whole this many seconds after it opened (or after the previous answer).",
      valueName: "seconds"))
  var headerTimeout: Double = Self.seconds(defaults.headerTimeout)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Close a connection whose body brings less than \(ConnectionLimits.bodyProgressBytes) bytes in this many seconds.",
      valueName: "seconds"))
  var bodyTimeout: Double = Self.seconds(defaults.bodyTimeout)

  @Option(name: .long, help: "The most connections open at once from one address; more are closed at once.")
  var maxConnectionsPerAddress: Int = defaults.perAddress

  @Option(name: .long, help: "The most connections open at once; more wait until one closes.")
  var maxConnections: Int = defaults.total

  func validate() throws {
    for (flag, seconds) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout)] {
      guard seconds > 0, seconds <= 86_400 else { throw ValidationError("\(flag) must be more than 0 and at most 86400 seconds") }
    }
    guard maxConnectionsPerAddress > 0 else { throw ValidationError("--max-connections-per-address must be positive") }
    guard maxConnections > 0 else { throw ValidationError("--max-connections must be positive") }
  }

  var limits: ConnectionLimits {
    ConnectionLimits(
      headerTimeout: .milliseconds(Int64(headerTimeout * 1000)), bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)),
      perAddress: maxConnectionsPerAddress, total: maxConnections)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
