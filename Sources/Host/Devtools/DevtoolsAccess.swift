import Foundation

/// Who may talk to the inspector: a request on this machine that carries the token printed with
/// the URL, so that another user's process or a web page in the browser cannot read the logs.
///
/// - The token comes in the query (`?token=…`, the URL the command prints) or, on the page's
///   own requests, in an `X-Refold-Token` header that its script adds from the page's URL.
///   No cookie: a browser sends a cookie of 127.0.0.1 to every port of 127.0.0.1, so any other
///   local server the browser visits would receive the token, and a second inspector's cookie
///   replaced the first one's, locking its tab out.
/// - The page's script and style sheet hold no data and are the same in every build's binary:
///   they are served without the token (a `<script>` or `<link>` cannot send a header).
/// - The Host header must name the loopback address and the port: a page on another site that
///   points its own name at 127.0.0.1 (DNS rebinding) sends its own name there.
/// - Only GET and HEAD: the inspector reads logs, it changes nothing.
struct DevtoolsAccess: Sendable {
  let token: String
  let port: Int

  /// The header the page's script sends the token in.
  static let tokenHeader = "X-Refold-Token"

  /// The paths answered without the token: the page's static assets.
  static let publicPaths: Set<String> = ["/devtools.js", "/devtools.css"]

  func check(method: String, host: String?, path: String, queryToken: String?, headerToken: String?) -> DevtoolsError? {
    guard let host, allowedHosts.contains(host.lowercased()) else {
      return .forbidden("the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
    }
    guard queryToken == token || headerToken == token || Self.publicPaths.contains(path) else {
      return .forbidden("a token is needed: open the URL that refold devtools printed")
    }
    guard method == "GET" || method == "HEAD" else {
      return .methodNotAllowed("the inspector only reads: \(method) is not allowed")
    }
    return nil
  }

  private var allowedHosts: Set<String> {
    ["127.0.0.1:\(port)", "localhost:\(port)"]
  }
}
