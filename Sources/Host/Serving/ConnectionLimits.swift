/// How long a client may take over a request, and how many connections it may hold: what
/// keeps a server that anyone can reach (`refold collect`) answering the rest while some
/// clients are slow on purpose (slowloris: many connections, each sending a header line now
/// and then, or a body a byte at a time).
///
/// ``LoopbackHTTPServer`` applies them: the overall cap through Hummingbird's own
/// `MaximumAvailableConnections` (past it the server stops accepting, and new connections wait
/// in the kernel's backlog), the rest through ``SlowClientGuard`` on every connection.
package struct ConnectionLimits: Sendable {
  /// How long a request's head may take to arrive whole, from the connection's opening or the
  /// previous answer on it: a client dripping header lines is closed once it has passed.
  package var headerTimeout: Duration
  /// How long a body may go without bringing ``bodyProgressBytes`` more bytes: a body that
  /// stalls, or drips slower than that, is closed.
  package var bodyTimeout: Duration
  /// The most connections open at once from one client address; past it a new connection is
  /// closed at once, so that one address cannot take every slot.
  package var perAddress: Int
  /// The most connections open at once in all.
  package var total: Int

  package init(headerTimeout: Duration, bodyTimeout: Duration, perAddress: Int, total: Int) {
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.perAddress = perAddress
    self.total = total
  }

  /// What counts as progress in a body: 1 KiB within ``bodyTimeout`` (at the default, about
  /// 50 bytes a second, far below any real uploader).
  // NB: A bare idle timeout, reset by every byte (Hummingbird's `idleTimeout`), is kept open by
  //     a body dripping a byte a little faster than the timeout, for as long as the client likes.
  package static let bodyProgressBytes = 1024

  /// `refold collect`'s defaults. 64 an address leaves room for many devices behind one
  /// carrier's NAT; 512 in all stays under a process's usual 1,024 open files.
  package static let collect = ConnectionLimits(
    headerTimeout: .seconds(10), bodyTimeout: .seconds(20), perAddress: 64, total: 512)
}
