public import Foundation
import RefoldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends finished event logs to a `refold collect` server, retrying what may succeed later.
///
/// ```swift
/// let uploader = LogUploader(server: URL(string: "https://logs.example.com")!, key: apiKey)
/// try await recorder.close()
/// Task.detached(priority: .background) {
///   let receipt = try await uploader.upload(logURL)   // 201 stored, or 200 already stored
/// }
/// ```
///
/// It reads the file and talks to the server, nothing else: it never touches a store, so a
/// slow or absent server never slows one. Run it after the `Recorder` has closed the log.
///
/// A failure that may pass (no answer, a 5xx, a 429) is tried again, up to
/// ``Options/attempts`` times in all, after a delay that doubles from ``Options/firstDelay``
/// up to ``Options/maxDelay``, each drawn between its half and itself so that many devices
/// that failed together do not come back together. A refusal (a wrong key, a log too large, a
/// damaged log) is final: trying again would be refused again.
public struct LogUploader: Sendable {
  /// How an upload is labelled and retried.
  public struct Options: Sendable {
    /// The app's version, stored with the log (`X-Refold-App-Version`).
    public var appVersion: String?
    /// A tag for the device or tester, stored with the log (`X-Refold-Device`).
    public var device: String?
    /// Tries in all, the first included; at least 1.
    public var attempts: Int
    /// The delay before the second try; each later one doubles it.
    public var firstDelay: Duration
    /// The longest delay between two tries.
    public var maxDelay: Duration
    /// How long one try may take, the whole exchange.
    public var timeout: Duration

    /// - Parameters:
    ///   - appVersion: the app's version, stored with the log.
    ///   - device: a device or tester tag, stored with the log.
    ///   - attempts: tries in all (6 by default).
    ///   - firstDelay: the delay before the second try (1 s by default).
    ///   - maxDelay: the longest delay (60 s by default).
    ///   - timeout: the longest one try may take (60 s by default).
    public init(
      appVersion: String? = nil, device: String? = nil, attempts: Int = 6, firstDelay: Duration = .seconds(1),
      maxDelay: Duration = .seconds(60), timeout: Duration = .seconds(60)
    ) {
      self.appVersion = appVersion
      self.device = device
      self.attempts = max(1, attempts)
      self.firstDelay = firstDelay
      self.maxDelay = maxDelay
      self.timeout = timeout
    }
  }

  private let endpoint: URL
  private let key: String
  private let options: Options
  private let clock: any Clock<Duration>
  private let session: URLSession

  /// - Parameters:
  ///   - server: the collect server's address, `http://host:port` or `https://host:port` (the
  ///     uploader posts to `/v1/logs` under it).
  ///   - key: the app's API key, from `refold store key add APP`.
  ///   - options: how uploads are labelled and retried.
  ///   - clock: what the delays between tries sleep on (a test gives a clock of its own).
  public init(server: URL, key: String, options: Options = Options(), clock: any Clock<Duration> = ContinuousClock()) {
    self.endpoint = server.appendingEndpoint("v1/logs")
    self.key = key
    self.options = options
    self.clock = clock
    self.session = HTTP.defaultSession
  }

  /// Uploads the log at `file`.
  ///
  /// - Returns: what the server stored, and how many tries it took.
  /// - Throws: ``LogUploadError``: the file cannot be read, the server refused the log, or it
  ///   could not be reached in ``Options/attempts`` tries. `CancellationError` when the task is
  ///   cancelled.
  public func upload(_ file: URL) async throws -> LogUploadReceipt {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: file)
    } catch {
      throw LogUploadError(file: file.path, attempts: 0, kind: .unreadable, message: "cannot be read: \(error.localizedDescription)")
    }
    return try await upload(bytes, name: file.path)
  }

  /// Uploads a log's bytes; `name` names it in errors.
  public func upload(_ bytes: Data, name: String) async throws -> LogUploadReceipt {
    var delay = options.firstDelay
    var attempt = 0
    while true {
      attempt += 1
      let outcome: Outcome
      do {
        outcome = try await post(bytes)
      } catch let error as HTTP.TransportError {
        outcome = .retry("no answer: \(error.reason)")
      }
      switch outcome {
      case .stored(let receipt):
        return LogUploadReceipt(id: receipt.id, isNew: receipt.isNew, feature: receipt.feature, events: receipt.events, attempts: attempt)
      case .refused(let status, let message):
        throw LogUploadError(file: name, attempts: attempt, kind: .refused(status: status), message: message)
      case .retry(let reason):
        guard attempt < options.attempts else {
          throw LogUploadError(file: name, attempts: attempt, kind: .unreachable, message: reason)
        }
        try await clock.sleep(for: jittered(delay))
        delay = min(delay * 2, options.maxDelay)
      }
    }
  }

  private enum Outcome {
    case stored((id: String, isNew: Bool, feature: String, events: Int))
    case refused(Int, String)
    case retry(String)
  }

  private func post(_ bytes: Data) async throws -> Outcome {
    var request = URLRequest(url: endpoint, cachePolicy: .reloadIgnoringLocalCacheData)
    request.timeoutInterval = HTTP.timeoutInterval(options.timeout)
    request.httpMethod = "POST"
    request.httpBody = bytes
    request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
    if let appVersion = options.appVersion { request.setValue(appVersion, forHTTPHeaderField: "X-Refold-App-Version") }
    if let device = options.device { request.setValue(device, forHTTPHeaderField: "X-Refold-Device") }
    let response = try await send(request)
    let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
    switch response.status {
    case 200, 201:
      guard let id = body?["id"] as? String, let feature = body?["feature"] as? String, let events = body?["events"] as? Int
      else { return .retry("the server's answer is not a stored log: \(response.bodySnippet)") }
      return .stored((id, response.status == 201, feature, events))
    case 429, 500...:
      return .retry("the server answered \(response.status): \(message(body, response))")
    default:
      return .refused(response.status, message(body, response))
    }
  }

  /// Sends one try, bounded: a 1 MiB answer, the timeout for the whole exchange.
  private func send(_ request: URLRequest) async throws -> HTTP.Response {
    #if canImport(FoundationNetworking)
      if KernelWaitingHTTP.sends(endpoint) {
        return try await KernelWaitingHTTP.send(request, maxBytes: 1 << 20, deadline: options.timeout)
      }
    #endif
    return try await HTTP.send(request, session: session, maxBytes: 1 << 20, deadline: options.timeout)
  }

  private func message(_ body: [String: Any]?, _ response: HTTP.Response) -> String {
    (body?["error"] as? String) ?? response.bodySnippet
  }

  /// A delay between its half and itself.
  private func jittered(_ delay: Duration) -> Duration {
    delay / 2 + delay / 2 * Double.random(in: 0...1)
  }
}

/// What the server stored.
public struct LogUploadReceipt: Sendable, Equatable {
  /// The log's content hash (SHA-256, hex): the same bytes always have the same id.
  public var id: String
  /// Whether this upload stored it (201); false when it was already stored (200).
  public var isNew: Bool
  /// The log's feature.
  public var feature: String
  /// Its events.
  public var events: Int
  /// The tries it took, the first included.
  public var attempts: Int
}

/// Why a log was not uploaded.
public struct LogUploadError: Error, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The file could not be read.
    case unreadable
    /// The server answered with this status and refused the log (a wrong key, a log too
    /// large, a damaged log): final.
    case refused(status: Int)
    /// No try got an answer that stored the log.
    case unreachable
  }

  /// The file, or the name the bytes were given.
  public var file: String
  /// The tries made.
  public var attempts: Int
  public var kind: Kind
  /// The server's message, or what went wrong.
  public var message: String

  public var description: String {
    switch kind {
    case .unreadable: "\(file): \(message)"
    case .refused(let status): "\(file): refused by the server (\(status)): \(message)"
    case .unreachable: "\(file): not uploaded after \(attempts) tries; the last: \(message)"
    }
  }
}
