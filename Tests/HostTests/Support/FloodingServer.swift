import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain socket server on 127.0.0.1 whose answer to any path under `/endless` never ends and
/// comes as fast as loopback carries it: a valid head with neither a length nor chunks (so the
/// body runs until the connection closes), then a prebuilt 1 MiB chunk written again and again
/// with blocking `send`, each connection on a thread of its own. Any other path gets a 404 at
/// once, the same command's answer without the flood.
///
/// NB: Not Hummingbird (``MisbehavingServer``): an async writer there waits for each write to
///     be flushed and shares the test process's threads, so it sent no faster than a client
///     read, and URLSession's unbounded queue on Linux never filled (the first test of the cap
///     passed on the code it was meant to catch). A blocking writer keeps the socket's buffer
///     full, as a hostile server does.
final class FloodingServer: @unchecked Sendable {
  // NB: @unchecked: `listener` is set once in `start` and only read afterwards; each
  //     connection's thread owns its descriptor.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let port: Int
  private let listener: Int32

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// What a flood is made of: `[` bytes, which no JSON reader takes as a complete value.
  private static let chunk = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20)

  private init(port: Int, listener: Int32) {
    self.port = port
    self.listener = listener
  }

  /// Listens on a port the OS chooses and accepts on a thread of its own until ``stop()``.
  static func start() throws -> FloodingServer {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound, listen(fd, 16) == 0 else {
      close(fd)
      throw Failure(description: "bind or listen on 127.0.0.1: errno \(errno)")
    }
    let server = FloodingServer(port: Int(UInt16(bigEndian: address.sin_port)), listener: fd)
    Thread.detachNewThread { server.acceptUntilStopped() }
    return server
  }

  /// Stops accepting; a connection still being flooded ends when its client closes it.
  func stop() {
    // NB: shutdown, not close: it wakes the thread blocked in `accept`, and the descriptor
    //     stays that thread's until it has returned.
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptUntilStopped() {
    defer { close(listener) }
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0, errno == EINTR { continue }
      guard connection >= 0 else { return }
      Thread.detachNewThread { Self.answer(connection) }
    }
  }

  private static func answer(_ connection: Int32) {
    defer { close(connection) }
    guard let target = requestTarget(connection) else { return }
    guard target.hasPrefix("/endless") else {
      answerAtOnce(#"{"error":"not found"}"#, status: "404 Not Found", to: connection)
      return
    }
    guard write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", to: connection) else { return }
    // Until the client closes: then `send` fails (EPIPE or ECONNRESET) and the thread ends.
    while chunk.withUnsafeBytes({ write($0, to: connection) }) {}
  }

  /// Reads the request's head (a body, if any, is left unread) and returns its target.
  private static func requestTarget(_ connection: Int32) -> String? {
    var head = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.contains(subsequence: Array("\r\n\r\n".utf8)) {
      let count = recv(connection, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      guard count > 0, head.count < 64 << 10 else { return nil }
      head += buffer[0..<count]
    }
    let requestLine = String(decoding: head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    let parts = requestLine.split(separator: " ")
    return parts.count == 3 ? String(parts[1]) : nil
  }

  private static func answerAtOnce(_ body: String, status: String, to connection: Int32) {
    let answer = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Connection: close\r\n\r\n\(body)"
    guard write(answer, to: connection) else { return }
    // NB: Then waits for the client to close: closing first, with a request body still unread,
    //     would send a reset that can discard the answer before the client reads it.
    shutdown(connection, Int32(SHUT_WR))
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(connection, &buffer, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
    }
  }

  private static func write(_ text: String, to connection: Int32) -> Bool {
    Array(text.utf8).withUnsafeBytes { write($0, to: connection) }
  }

  /// Writes `bytes` whole, blocking; false once the client has gone.
  private static func write(_ bytes: UnsafeRawBufferPointer, to connection: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = send(connection, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }
}

extension Array where Element: Equatable {
  fileprivate func contains(subsequence: [Element]) -> Bool {
    guard count >= subsequence.count else { return false }
    return (0...(count - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
  }
}
