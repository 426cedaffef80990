import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request and its answer, bounded in size and in time, whatever the server does.
///
/// `URLSession.data(for:)` keeps whatever the server sends, for as long as it sends it, and its
/// timeout is reset by every byte: a server streaming an endless body took a run past 4.8 GB,
/// and one sending a byte every 2 s kept it alive past a minute. Here the body is taken as it
/// arrives and the request is cancelled once it passes `maxBytes`, and a timer cancels the
/// whole exchange once `deadline` has passed since it began.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // NB: @unchecked: the mutable state is only touched with `lock` held; URLSession calls the
  //     delegate on its own serial queue.
  enum Outcome {
    case answer(HTTPURLResponse?, Data)
    case failure(any Error)
    case tooLarge
    case tooSlow
    case cancelled
  }

  private let lock = NSLock()
  private let maxBytes: Int
  private var body = Data()
  private var response: URLResponse?
  private var stop: Outcome?
  private var continuation: CheckedContinuation<Outcome, Never>?
  private var finished: Outcome?

  private init(maxBytes: Int) {
    self.maxBytes = maxBytes
  }

  /// Sends `request` through a session with `configuration`, and returns how it ended.
  static func run(_ request: URLRequest, configuration: URLSessionConfiguration, maxBytes: Int, deadline: Duration) async -> Outcome {
    let exchange = HTTPExchange(maxBytes: maxBytes)
    let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    let timer = DispatchWorkItem { [weak exchange, weak task] in
      exchange?.end(.tooSlow)
      task?.cancel()
    }
    let (seconds, attoseconds) = deadline.components
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)), execute: timer)
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let done: Outcome? = exchange.lock.withLock {
          if let finished = exchange.finished { return finished }
          exchange.continuation = continuation
          return nil
        }
        if let done {
          continuation.resume(returning: done)
        } else {
          task.resume()
        }
      }
    } onCancel: {
      exchange.end(.cancelled)
      task.cancel()
    }
  }

  /// Notes why the exchange is being stopped, before the task is cancelled.
  private func end(_ reason: Outcome) {
    lock.withLock { if stop == nil { stop = reason } }
  }

  private func finish(_ outcome: Outcome) {
    let waiting: CheckedContinuation<Outcome, Never>? = lock.withLock {
      guard finished == nil else { return nil }
      finished = outcome
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(returning: outcome)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { self.response = response }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = lock.withLock { () -> Bool in
      // Once stopping, what URLSession still had queued is dropped, not kept.
      guard stop == nil else { return false }
      body.append(data)
      if body.count > maxBytes {
        stop = .tooLarge
        body = Data()
        return true
      }
      return false
    }
    if over { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let outcome: Outcome = lock.withLock {
      if let stop { return stop }
      if let error { return .failure(error) }
      return .answer(response as? HTTPURLResponse, body)
    }
    finish(outcome)
  }
}
