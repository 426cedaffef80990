import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP/1.1 request written byte for byte to 127.0.0.1: the target and the Host header go
/// out exactly as given (`/api/log/../x`, `Host: evil.example`), which URLSession would
/// normalise or refuse, so that a server's checks of them can be tested.
enum RawHTTPClient {
  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// `headers` go out as given, after Host; a `body` goes out after a Content-Length header
  /// of its size, unless `headers` has one.
  static func request(
    port: Int, _ target: String, method: String = "GET", host: String? = nil, cookie: String? = nil,
    headers: [(String, String)] = [], body: [UInt8]? = nil
  ) async throws -> Reply {
    // NB: Off the cooperative pool: a blocking `recv` on one of its two threads here, while
    //     another test does the same, leaves no thread for the server's handlers that would
    //     answer them (a deadlock seen with two suites asking at once).
    try await offThePool {
      try blockingRequest(
        port: port, target, method: method, host: host ?? "127.0.0.1:\(port)", cookie: cookie, headers: headers, body: body)
    }
  }

  private static func blockingRequest(
    port: Int, _ target: String, method: String, host: String, cookie: String?, headers: [(String, String)], body: [UInt8]?
  ) throws -> Reply {
    let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)") }
    var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    if let cookie { head += "Cookie: \(cookie)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body, !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
      head += "Content-Length: \(body.count)\r\n"
    }
    head += "\r\n"
    let bytes = Array(head.utf8) + (body ?? [])
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
      guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
      sent += written
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0 { throw Failure(description: "recv: errno \(errno)") }
      if count == 0 { break }
      received.append(contentsOf: buffer[0..<count])
    }
    return try parse(received)
  }

  private static func parse(_ data: Data) throws -> Reply {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw Failure(description: "no end of headers in \(data.count) bytes")
    }
    let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line: \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try unchunk(body) }
    return Reply(status: status, headers: headers, body: body)
  }

  private static func unchunk(_ data: Data) throws -> Data {
    var out = Data()
    var rest = data[...]
    while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else {
        throw Failure(description: "bad chunk size '\(sizeText)'")
      }
      if size == 0 { break }
      let start = lineEnd.upperBound
      out.append(rest[start..<(start + size)])
      rest = rest[(start + size + 2)...]
    }
    return out
  }
}
