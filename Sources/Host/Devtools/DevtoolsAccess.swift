import Foundation

/// Who may talk to the inspector: a request on this machine that carries the token printed with
/// the URL, so that another user's process or a web page in the browser cannot read the logs.
///
/// - The token comes in the query (`?token=…`, the URL the command prints) or in the cookie
///   the first page sets, so that the page's own requests carry it.
/// - The Host header must name the loopback address and the port: a page on another site that
///   points its own name at 127.0.0.1 (DNS rebinding) sends its own name there.
/// - Only GET and HEAD: the inspector reads logs, it changes nothing.
struct DevtoolsAccess: Sendable {
  let token: String
  let port: Int

  static let cookieName = "refold_devtools"

  func check(method: String, host: String?, queryToken: String?, cookieHeader: String?) -> DevtoolsError? {
    guard let host, allowedHosts.contains(host.lowercased()) else {
      return .forbidden("the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
    }
    guard queryToken == token || cookieToken(cookieHeader) == token else {
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

  private func cookieToken(_ header: String?) -> String? {
    guard let header else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Self.cookieName {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The cookie that the page's first answer sets: not readable by scripts, not sent by other sites.
  var setCookie: String {
    "\(Self.cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
  }
}
