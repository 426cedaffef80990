import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One TCP connection to 127.0.0.1 that a test drives byte by byte, as a slow or hostile
/// client would: a head sent in part, a body a chunk at a time, or nothing at all.
final class SlowSocket {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let fd: Int32

  /// Connects to 127.0.0.1:`port` from `source` (any address in 127.0.0.0/8 on Linux: another
  /// client address without another machine). `waiting: false` does not wait for the
  /// connection to be accepted, as an attacker filling a server's backlog would not.
  init(port: Int, from source: String = "127.0.0.1", waiting: Bool = true) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var local = Self.address(source, port: 0)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      close(fd)
      throw Failure(description: "bind to \(source): errno \(errno)")
    }
    if !waiting { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    var remote = Self.address("127.0.0.1", port: port)
    let connected = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 || (!waiting && errno == EINPROGRESS) else {
      close(fd)
      throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
    }
  }

  deinit { close(fd) }

  /// Sends `text` whole (on a connection opened without waiting, what the kernel takes now).
  func write(_ text: String) throws {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
      sent += count
    }
  }

  /// Reads until the server closes the connection, and returns what it sent: the wait that
  /// a test of a server's timeout makes instead of sleeping. `bound` only keeps a server that
  /// never closes from hanging the test (it then fails, with what it had sent).
  func untilClosed(bound: Duration = .seconds(60)) async throws -> Data {
    let fd = fd
    return try await offThePool {
      var timeout = timeval(tv_sec: Int(bound.components.seconds), tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var received = Data()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0, errno == EINTR { continue }
        if count < 0, errno == ECONNRESET { return received }
        if count < 0 { throw Failure(description: "still open after \(bound) (errno \(errno)); it sent \(received.count) bytes") }
        if count == 0 { return received }
        received.append(contentsOf: buffer[0..<count])
      }
    }
  }

  /// Waits for the server's first bytes (the start of an answer), and returns them.
  func firstBytes(bound: Duration = .seconds(60)) async throws -> Data {
    let fd = fd
    return try await offThePool {
      var timeout = timeval(tv_sec: Int(bound.components.seconds), tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { throw Failure(description: "no answer (recv \(count), errno \(errno))") }
        return Data(buffer[0..<count])
      }
    }
  }

  private static func address(_ host: String, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr(host)
    return address
  }
}
