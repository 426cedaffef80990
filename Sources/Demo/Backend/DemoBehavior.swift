/// How the ``DemoBackend`` answers one endpoint: from its fixtures, or in one of the ways a real
/// server fails, so that tests and demos can exercise the clients' error paths.
///
/// Set one from code with ``DemoBackend/setBehavior(_:for:)``, or trigger one per request with
/// a magic search term or login identifier (see ``DemoFixtures``).
public enum DemoBehavior: Sendable, Hashable {
  /// The normal answer, from ``DemoFixtures``.
  case fixtures
  /// This HTTP status, with a short JSON error body in the endpoint's style (Strapi's error
  /// object for `/auth/local`).
  case status(Int)
  /// This status and this body, as they are. A body that is not JSON, an empty one, or JSON of
  /// the wrong shape.
  case body(status: Int, String)
  /// Waits before answering from the fixtures, and gives up as soon as the client disconnects
  /// or the backend stops.
  case slow(Duration)

  /// 200 with a truncated JSON body.
  public static let malformedJSON = Self.body(status: 200, #"{"resultCount": 1, "results": [{"trackName": "Hype"#)
  /// 200 with no body at all.
  public static let emptyBody = Self.body(status: 200, "")
  /// Waits 30 seconds: longer than any test waits, shorter than forever.
  public static let slow = Self.slow(.seconds(30))

  /// The behaviour a magic search term or login identifier asks for, or nil for a normal one.
  ///
  /// `__NNN` gives that status (100–599), `__malformed`, `__empty` and `__slow` give the
  /// behaviours of those names, and `__noresults` a 200 without `results`.
  public init?(magic input: String) {
    guard input.hasPrefix("__") else { return nil }
    let name = input.dropFirst(2)
    switch name {
    case "malformed": self = .malformedJSON
    case "empty": self = .emptyBody
    case "slow": self = .slow
    case "noresults": self = .body(status: 200, #"{"resultCount":0}"#)
    default:
      guard let status = Int(name), (100...599).contains(status) else { return nil }
      self = .status(status)
    }
  }
}
