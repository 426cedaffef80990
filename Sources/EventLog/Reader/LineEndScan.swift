#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the readers keep their memory bounded when a line does not end: they look for its `\n`
/// by reading ahead in small pieces that are not kept. A torn tail of any size (a crash can
/// leave megabytes of zeros after the last line) then costs no memory, and a line longer than
/// ``maxLineBytes`` is refused instead of buffered.
enum LineEndScan {
  /// The longest line a reader takes (newline excluded): 256 MiB, far above any line Refold
  /// writes for a view model's state (docs/event-log-format.md, section 10).
  static let maxLineBytes = 256 << 20

  /// A partial line this long (or longer) is scanned ahead before it is buffered further.
  static func threshold(chunkSize: Int) -> Int { max(4 * chunkSize, 1 << 20) }

  enum Result: Equatable {
    /// The next `\n` is at this file offset.
    case newline(at: Int)
    /// The file ends at this offset with no `\n` after the scan's start; whether every byte
    /// scanned was zero.
    case endOfFile(at: Int, allZero: Bool)
  }

  /// Looks for the next `\n` at or after `offset`, reading with `pread` (the descriptor's
  /// position does not move). It goes on past ``maxLineBytes``: only a line that does end is too
  /// long, while a torn tail of any size (no `\n` before the end of the file) is dropped with
  /// a warning like a small one. The caller compares the line's length with its maximum.
  static func scan(fd: Int32, path: String, from offset: Int) throws(LogReadError) -> Result {
    let pieceSize = 64 << 10
    var piece = [UInt8](repeating: 0, count: pieceSize)
    var position = offset
    var allZero = true
    while true {
      // NB: the one pointer here is pread's, into the array's own bytes.
      let count = piece.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(position)) }
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        throw LogReadError(.unreadable, file: path, message: "cannot read: \(String(cString: strerror(code)))")
      }
      if count == 0 { return .endOfFile(at: position, allZero: allZero) }
      let read = piece[..<count]
      if let newline = read.firstIndex(of: 0x0A) { return .newline(at: position + newline) }
      if allZero { allZero = read.allSatisfy { $0 == 0 } }
      position += count
    }
  }

  /// The error for a line longer than ``maxLineBytes``.
  static func tooLong(path: String, line: Int?, offset: Int, maxLineBytes: Int) -> LogReadError {
    LogReadError(
      .malformedLine, file: path, line: line,
      message: "the line at byte \(offset) is longer than \(maxLineBytes) bytes, the most a reader takes: not a line of an event log")
  }
}
