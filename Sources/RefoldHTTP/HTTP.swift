package import Foundation

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// What the seed app's live clients and the log uploader share: build a request, send it
/// through URLSession, and sort the outcome into "cancelled", "no answer" and "an answer with a
/// status and a body". Each client turns that into its own error type, so this file knows
/// nothing about logins, searches or logs.
package enum HTTP {
  /// An answer from the server, whatever its status.
  package struct Response: Sendable {
    package var status: Int
    package var body: Data

    package init(status: Int, body: Data) {
      self.status = status
      self.body = body
    }

    package var isSuccess: Bool { (200..<300).contains(status) }
  }

  /// The request got no answer: the connection failed, timed out, or the reply was not HTTP.
  package struct TransportError: Error, CustomStringConvertible {
    package var url: URL
    package var reason: String

    package init(url: URL, reason: String) {
      self.url = url
      self.reason = reason
    }

    package var description: String { "No answer from \(url.absoluteString): \(reason)" }
  }

  /// The session the live clients use unless they are given one: ephemeral, so that no login
  /// reply is cached on disk and no cookie outlives the process.
  package static let defaultSession = URLSession(configuration: .ephemeral)

  /// Builds a request with a timeout in seconds, as URLRequest wants it.
  package static func request(
    _ method: String,
    _ url: URL,
    timeout: Duration,
    json body: Data? = nil
  ) -> URLRequest {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
    // NB: set through the property: FoundationNetworking ignores the initializer's
    //     `timeoutInterval:` and falls back to the session's 60 s.
    request.timeoutInterval = timeoutInterval(timeout)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body {
      request.httpBody = body
      request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
    }
    return request
  }

  /// Sends `request` and returns the server's answer, bounded: a body past `maxBytes` and an
  /// exchange longer than `deadline` (the request's timeout by default: the whole exchange,
  /// where `URLRequest`'s is reset by every byte) are no answer.
  ///
  /// On Linux an `http://` or `https://` request through ``defaultSession`` goes through
  /// SwiftNIO (`KernelWaitingHTTP`, with swift-nio-ssl's TLS for `https://`), which holds at
  /// most `maxBytes` and one read of the answer. `https://` there trusts the system's
  /// certificate authorities, or instead the certificates of the PEM file `SSL_CERT_FILE`
  /// names, as OpenSSL and curl do. A request through another session goes through
  /// `URLSession`, which on Linux queues every read for its delegate as fast as libcurl reads,
  /// whatever the cap: there `maxBytes` bounds the answer returned, not the memory spent on
  /// the way (an endless answer took `run` past 2.59 GB that way). Apple's platforms keep
  /// `URLSession`.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled (the request is cancelled
  ///   with it, and the connection closed), ``TransportError`` when there is no answer.
  package static func send(
    _ request: URLRequest, session: URLSession, maxBytes: Int = defaultMaxBytes, deadline: Duration? = nil
  ) async throws -> Response {
    let url = request.url ?? URL(fileURLWithPath: "/")
    try Task.checkCancellation()
    let deadline = deadline ?? .milliseconds(Int64(request.timeoutInterval * 1000))
    #if canImport(FoundationNetworking)
      if KernelWaitingHTTP.sends(url), session === defaultSession {
        return try await KernelWaitingHTTP.send(request, maxBytes: maxBytes, deadline: deadline)
      }
    #endif
    let outcome = await HTTPExchange.run(request, configuration: session.configuration, maxBytes: maxBytes, deadline: deadline)
    switch outcome {
    case .answer(let http, let data):
      guard let http else { throw TransportError(url: url, reason: Reason.notHTTP) }
      return Response(status: http.statusCode, body: data)
    case .cancelled:
      throw CancellationError()
    case .tooLarge:
      throw TransportError(url: url, reason: Reason.tooLarge(maxBytes))
    case .tooSlow:
      throw TransportError(url: url, reason: Reason.tooSlow(deadline))
    case .failure(let error):
      if Task.isCancelled || (error as? URLError)?.code == .cancelled || error is CancellationError {
        throw CancellationError()
      }
      throw TransportError(url: url, reason: describe(error))
    }
  }

  /// Why there was no answer, in the words every transport uses (`send` here, the uploader's
  /// SwiftNIO exchange on Linux), so a failure reads the same whichever sent the request.
  package enum Reason {
    package static let cannotConnect = "could not connect to the server"
    package static let cannotFindHost = "could not find the server"
    package static let connectionLost = "the connection was lost"
    package static let invalidHTTP = "the server's reply was not valid HTTP"
    package static let notHTTP = "the reply was not HTTP"
    package static func tooLarge(_ maxBytes: Int) -> String { "the answer was larger than \(maxBytes) bytes" }
    package static func tooSlow(_ deadline: Duration) -> String { "no complete answer within \(deadline)" }
    package static let secureConnectionFailed = "the secure connection failed"
    package static func secureConnectionFailed(_ detail: String) -> String { "\(secureConnectionFailed): \(detail)" }
    package static func untrustedCertificate(_ detail: String) -> String { "the server's certificate is not trusted: \(detail)" }
    package static func certificateNotFor(_ host: String) -> String { "the server's certificate is not for \(host)" }
    package static func unreadableTrustRoots(variable: String, path: String, _ why: String) -> String {
      "cannot read the certificates to trust from \(variable) (\(path)): \(why)"
    }
  }

  /// The largest answer a client takes unless it says otherwise: 8 MiB, far above the sample
  /// app's replies.
  package static var defaultMaxBytes: Int { 8 << 20 }

  /// The request timeout in seconds. FoundationNetworking truncates it to whole seconds (so
  /// 0.5 s would time out at once); round up there instead.
  package static func timeoutInterval(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    let interval = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    #if canImport(FoundationNetworking)
      return max(1, interval.rounded(.up))
    #else
      return interval
    #endif
  }

  /// A short reason for a transport failure. URLError's own description on Linux is just a
  /// domain and a code, so the common codes get words.
  package static func describe(_ error: any Error) -> String {
    guard let error = error as? URLError else { return String(describing: error) }
    switch error.code {
    case .timedOut: return "the request timed out"
    case .cannotConnectToHost: return Reason.cannotConnect
    case .cannotFindHost, .dnsLookupFailed: return Reason.cannotFindHost
    case .notConnectedToInternet: return "not connected to the internet"
    case .networkConnectionLost: return Reason.connectionLost
    case .badServerResponse: return Reason.invalidHTTP
    case .secureConnectionFailed: return Reason.secureConnectionFailed
    default: return "URLError \(error.code.rawValue)"
    }
  }
}

extension HTTP.Response {
  /// The start of the body as text, for error messages: enough to recognise an HTML error page
  /// or a proxy's message without flooding a log.
  package var bodySnippet: String {
    let text = String(decoding: body.prefix(120), as: UTF8.self)
    return body.count > 120 ? text + "…" : text
  }
}

extension URL {
  /// `base` with `path` appended as path components, keeping any path the base already has
  /// (`http://host/api` + `auth/local` → `http://host/api/auth/local`).
  package func appendingEndpoint(_ path: String) -> URL {
    path.split(separator: "/").reduce(self) { $0.appendingPathComponent(String($1)) }
  }
}
