#if canImport(FoundationNetworking)
  package import Foundation
  package import FoundationNetworking
  import NIOConcurrencyHelpers
  import NIOCore
  import NIOHTTP1
  import NIOPosix

  /// One `http://` or `https://` request and its answer over SwiftNIO, for `HTTP.send` and the
  /// uploader on Linux.
  ///
  /// `URLSession` on Linux (FoundationNetworking over libcurl) spins on its dispatch sources
  /// while an answer is pending: four `refold store push` at once spent more time spinning
  /// than the server spent answering, and on two cores they starved it (rounds of 40 uploads
  /// took 1.7 to 15 s, with 1.4 to 15 s of system time in the pushers). Here the pusher waits
  /// in `epoll` until the server answers. The bounds are those of `HTTP.send`: a body past
  /// `maxBytes` and an exchange longer than `deadline`, connection included, are no answer; a
  /// cancelled task closes the connection. `https://` adds TLS (`KernelWaitingTLS`), whose
  /// handshake is inside the deadline.
  ///
  /// NB: And the size bound holds in memory: the answer is read as the connection delivers
  ///     it, at most one read past what was kept, and the connection is closed at the cap.
  ///     `URLSession` on Linux queues every read for its delegate as fast as libcurl reads,
  ///     whatever the delegate has taken: against an endless answer a `run` with an 8 MiB cap
  ///     peaked at 2.59 GB.
  package enum KernelWaitingHTTP {
    /// Whether `url` is one this exchange sends: `http://` or `https://`.
    package static func sends(_ url: URL) -> Bool {
      url.scheme.map { ["http", "https"].contains($0.lowercased()) } ?? false
    }

    /// Sends `request` (its method, headers and body) and returns the answer.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, `HTTP.TransportError` when
    ///   there is no answer, with the reasons `HTTP.send` gives.
    package static func send(_ request: URLRequest, maxBytes: Int, deadline: Duration) async throws -> HTTP.Response {
      guard let url = request.url, let host = url.host else {
        throw HTTP.TransportError(url: request.url ?? URL(fileURLWithPath: "/"), reason: "the address has no host")
      }
      try Task.checkCancellation()
      let isSecure = url.scheme?.lowercased() == "https"
      if isSecure {
        do {
          try KernelWaitingTLS.checkContext()
        } catch {
          throw HTTP.TransportError(url: url, reason: KernelWaitingTLS.reason(error, host: host) ?? "\(error)")
        }
      }
      let end = NIODeadline.now() + TimeAmount(deadline)
      let exchange = Exchange(url: url, deadline: deadline, maxBytes: maxBytes)
      return try await withTaskCancellationHandler {
        try await exchange.run(request, host: host, port: url.port ?? (isSecure ? 443 : 80), isSecure: isSecure, end: end)
      } onCancel: {
        exchange.cancel()
      }
    }
  }

  /// One exchange: the connection, once made, and how it ended.
  private final class Exchange: Sendable {
    let url: URL
    let deadline: Duration
    let maxBytes: Int
    private let state = NIOLockedValueBox<(channel: (any Channel)?, isCancelled: Bool)>((nil, false))

    init(url: URL, deadline: Duration, maxBytes: Int) {
      self.url = url
      self.deadline = deadline
      self.maxBytes = maxBytes
    }

    func run(_ request: URLRequest, host: String, port: Int, isSecure: Bool, end: NIODeadline) async throws -> HTTP.Response {
      let group = MultiThreadedEventLoopGroup.singleton
      let eventLoop = group.next()
      let answer = eventLoop.makePromise(of: HTTP.Response.self)
      let body = request.httpBody ?? Data()
      var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), uri: Self.target(of: url))
      head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
      for (name, value) in request.allHTTPHeaderFields ?? [:] { head.headers.add(name: name, value: value) }
      head.headers.replaceOrAdd(name: "Content-Length", value: "\(body.count)")
      head.headers.replaceOrAdd(name: "Connection", value: "close")
      let collector = AnswerCollector(
        request: (head, body.isEmpty ? nil : ByteBuffer(bytes: body)), end: end, maxBytes: maxBytes, answer: answer)
      let channel: any Channel
      do {
        channel = try await ClientBootstrap(group: eventLoop)
          .connectTimeout(max(.nanoseconds(1), end - .now()))
          .channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
              if isSecure { try channel.pipeline.syncOperations.addHandler(KernelWaitingTLS.clientHandler(host: host)) }
              try channel.pipeline.syncOperations.addHTTPClientHandlers()
              try channel.pipeline.syncOperations.addHandler(collector)
            }
          }
          .connect(host: host, port: port)
          .get()
      } catch {
        collector.fail(error, closing: nil)
        throw failure(error)
      }
      let cancelledAlready = state.withLockedValue { state -> Bool in
        state.channel = channel
        return state.isCancelled
      }
      guard !cancelledAlready else {
        collector.fail(CancellationError(), closing: channel)
        throw CancellationError()
      }
      do {
        return try await answer.futureResult.get()
      } catch {
        channel.close(promise: nil)
        throw failure(error)
      }
    }

    func cancel() {
      let channel = state.withLockedValue { state -> (any Channel)? in
        state.isCancelled = true
        return state.channel
      }
      guard let channel else { return }
      channel.eventLoop.execute {
        channel.pipeline.handler(type: AnswerCollector.self).whenSuccess { collector in
          collector.fail(CancellationError(), closing: channel)
        }
      }
    }

    /// The request target: the path (`/` when empty) and the query, as they were escaped.
    static func target(of url: URL) -> String {
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
      let path = components?.percentEncodedPath ?? ""
      let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
      return (path.isEmpty ? "/" : path) + query
    }

    /// The error the caller sees: cancellation as such, anything else as no answer, in the
    /// words `HTTP.send` uses.
    private func failure(_ error: any Error) -> any Error {
      if error is CancellationError || state.withLockedValue({ $0.isCancelled }) { return CancellationError() }
      return HTTP.TransportError(url: url, reason: reason(error))
    }

    private func reason(_ error: any Error) -> String {
      if let tls = KernelWaitingTLS.reason(error, host: url.host ?? "") { return tls }
      switch error {
      case Failure.tooLarge: return HTTP.Reason.tooLarge(maxBytes)
      case Failure.tooSlow, ChannelError.connectTimeout: return HTTP.Reason.tooSlow(deadline)
      case Failure.closedEarly: return HTTP.Reason.connectionLost
      case is HTTPParserError: return HTTP.Reason.invalidHTTP
      case let error as NIOConnectionError:
        let noAddress = error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
        return noAddress ? HTTP.Reason.cannotFindHost : HTTP.Reason.cannotConnect
      case let error as IOError where [ECONNRESET, EPIPE].contains(error.errnoCode):
        return HTTP.Reason.connectionLost
      default: return String(describing: error)
      }
    }
  }

  private enum Failure: Error {
    case tooLarge
    case tooSlow
    case closedEarly
  }

  /// Sends the request once connected and takes the answer as it arrives, on the connection's
  /// event loop, and completes the promise once: with the answer at its end, or with why it
  /// stopped.
  private final class AnswerCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: (head: HTTPRequestHead, body: ByteBuffer?)
    private let end: NIODeadline
    private let maxBytes: Int
    private let answer: EventLoopPromise<HTTP.Response>
    // NB: Only touched on the connection's event loop; the lock, never contended, is what makes
    //     the handler Sendable for the deadline's task and the cancellation.
    private let progress = NIOLockedValueBox<(status: Int?, body: ByteBuffer, isDone: Bool)>((nil, ByteBuffer(), false))
    private let deadline = NIOLockedValueBox<Scheduled<Void>?>(nil)

    init(request: (head: HTTPRequestHead, body: ByteBuffer?), end: NIODeadline, maxBytes: Int, answer: EventLoopPromise<HTTP.Response>) {
      self.request = request
      self.end = end
      self.maxBytes = maxBytes
      self.answer = answer
    }

    /// Sends the request, then arms the deadline.
    ///
    /// NB: Here, on the event loop, as the connection opens, and not from the task that asked
    ///     for it: that task resumes after the connection on a thread of the cooperative pool,
    ///     and in a loaded test process it got one past the 1 s deadline of the live clients'
    ///     timeout test; the timer then closed the connection before the request was written,
    ///     so the demo backend never saw the request nor the client giving up on it, and
    ///     counted no disconnect (8 of 10 runs with the pool held busy for 1.5 s). Flushed
    ///     here, the request is in the kernel's buffer before the timer can fire, whatever
    ///     the load.
    func channelActive(context: ChannelHandlerContext) {
      context.write(wrapOutboundOut(.head(request.head)), promise: nil)
      if let body = request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      let channel = context.channel
      let timer = context.eventLoop.scheduleTask(deadline: end) { [self] in fail(Failure.tooSlow, closing: channel) }
      deadline.withLockedValue { $0 = timer }
      context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        progress.withLockedValue { $0.status = Int(head.status.code) }
      case .body(var part):
        let tooLarge = progress.withLockedValue { progress -> Bool in
          // Ended: the rest of the read the connection was closed in is not kept.
          guard !progress.isDone else { return false }
          guard progress.body.readableBytes + part.readableBytes <= maxBytes else { return true }
          progress.body.writeBuffer(&part)
          return false
        }
        if tooLarge { fail(Failure.tooLarge, closing: context.channel) }
      case .end:
        let finished = progress.withLockedValue { progress -> HTTP.Response? in
          guard !progress.isDone, let status = progress.status else { return nil }
          progress.isDone = true
          return HTTP.Response(status: status, body: Data(progress.body.readableBytesView))
        }
        if let finished { answer.succeed(finished) }
        deadline.withLockedValue { $0?.cancel() }
        context.close(promise: nil)
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      fail(Failure.closedEarly, closing: nil)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      fail(error, closing: context.channel)
    }

    /// Ends the exchange with `error`, unless it has ended already, and closes the connection.
    func fail(_ error: any Error, closing channel: (any Channel)?) {
      let first = progress.withLockedValue { progress -> Bool in
        defer { progress.isDone = true }
        return !progress.isDone
      }
      if first { answer.fail(error) }
      deadline.withLockedValue { $0?.cancel() }
      channel?.close(promise: nil)
    }
  }
#endif
