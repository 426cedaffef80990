import NIOCore
import NIOHTTPTypes

/// One connection's watch against slow and greedy clients (``ConnectionLimits``): closes it
/// when its address already holds ``ConnectionLimits/perAddress`` connections, when a request's
/// head has not arrived whole within ``ConnectionLimits/headerTimeout``, or when its body stops
/// making progress for ``ConnectionLimits/bodyTimeout``.
///
/// It sits after Hummingbird's HTTP decoding (`additionalChannelHandlers`), so a head counts as
/// arrived only once it is whole: header lines sent one by one do not hold the timer off.
/// Everything runs on the connection's event loop.
final class SlowClientGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let limits: ConnectionLimits
  private let addresses: ConnectionsByAddress
  private var isStarted = false
  /// The address this connection is counted under, once counted.
  private var counted: String?
  private var isReadingBody = false
  /// Body bytes since the body's timer was last set.
  private var progress = 0
  private var timer: Scheduled<Void>?

  init(limits: ConnectionLimits, addresses: ConnectionsByAddress) {
    self.limits = limits
    self.addresses = addresses
  }

  // NB: A child channel may be active before or after its handlers are added, depending on
  //     the bootstrap; whichever comes second starts the watch, once.
  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stop()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stop()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      isReadingBody = true
      progress = 0
      arm(context, after: limits.bodyTimeout)
    case .body(let bytes):
      progress += bytes.readableBytes
      if progress >= ConnectionLimits.bodyProgressBytes {
        progress = 0
        arm(context, after: limits.bodyTimeout)
      }
    case .end:
      isReadingBody = false
      disarm()
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    // An answer given, the next request's head has the header timeout to arrive; an answer
    // given before the body was read whole (a 413) leaves the body's timer running.
    if case .end = unwrapOutboundIn(data), !isReadingBody, context.channel.isActive {
      arm(context, after: limits.headerTimeout)
    }
    context.write(data, promise: promise)
  }

  private func start(_ context: ChannelHandlerContext) {
    guard !isStarted else { return }
    isStarted = true
    let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
    guard addresses.open(address, limit: limits.perAddress) else {
      context.close(promise: nil)
      return
    }
    counted = address
    arm(context, after: limits.headerTimeout)
  }

  private func stop() {
    disarm()
    if let address = counted {
      counted = nil
      addresses.close(address)
    }
  }

  private func arm(_ context: ChannelHandlerContext, after delay: Duration) {
    disarm()
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) {
      context.close(promise: nil)
    }
  }

  private func disarm() {
    timer?.cancel()
    timer = nil
  }
}
