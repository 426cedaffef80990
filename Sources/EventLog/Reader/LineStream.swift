#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Reads a file in chunks and hands out its complete lines without copying them. Memory stays
/// at one chunk (plus the longest line, at most ``LineEndScan/maxLineBytes``) whatever the size
/// of the file, and whatever follows its last newline (``LineEndScan``).
///
/// Bytes after the last `\n` are a torn tail: they are not handed out, and ``tornTail`` says
/// where they were.
final class LineStream {
  struct TornTail: Equatable {
    var line: Int
    var offset: Int
    var byteCount: Int
    var allZero: Bool
  }

  let path: String
  let totalBytes: Int
  private let fd: Int32
  private let maxLineBytes: Int
  private let scanThreshold: Int
  /// A partial line was scanned and does end within `maxLineBytes`: buffer it.
  private var lineEndIsKnown = false
  private var buffer: UnsafeMutableRawBufferPointer
  /// The unread window of `buffer`.
  private var start = 0
  private var end = 0
  /// The file offset of `buffer[0]`.
  private var bufferOffset = 0
  private var atEOF = false
  /// The number of the last line handed out.
  private(set) var lineNumber = 0
  /// The file offset where the last line handed out starts.
  private(set) var lineOffset = 0
  private(set) var tornTail: TornTail?

  init(url: URL, path: String, chunkSize: Int = 1 << 20, maxLineBytes: Int = LineEndScan.maxLineBytes) throws(LogReadError) {
    self.path = path
    self.maxLineBytes = maxLineBytes
    self.scanThreshold = LineEndScan.threshold(chunkSize: chunkSize)
    let (fd, size) = try ReadableLogFile.opened(url, path: path)
    self.fd = fd
    self.totalBytes = size
    // A small log gets a buffer its size, not a whole chunk: `refold check` opens thousands
    // of them on every core, and a megabyte each is an mmap and its page faults each time.
    self.buffer = .allocate(byteCount: max(min(chunkSize, max(totalBytes + 1, 64 << 10)), 4096), alignment: 16)
  }

  deinit {
    close(fd)
    buffer.deallocate()
  }

  /// How many bytes of the file have been handed out as lines so far (newlines included).
  var bytesConsumed: Int { bufferOffset + start }

  /// The buffer's size, for the tests of bounded memory.
  var bufferCapacity: Int { buffer.count }

  /// The next complete line without its `\n`, valid until the next call; `nil` at the end.
  /// Its bytes are read through `.span`, checked: the pointer is only where `read` put them.
  func nextLine() throws(LogReadError) -> UnsafeBufferPointer<UInt8>? {
    while true {
      if start < end, let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start) {
        let lineEnd = buffer.baseAddress!.distance(to: UnsafeMutableRawPointer(newline))
        let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd]).assumingMemoryBound(to: UInt8.self)
        lineNumber += 1
        lineOffset = bufferOffset + start
        start = lineEnd + 1
        lineEndIsKnown = false
        return line
      }
      if atEOF {
        if start < end {
          let tail = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
          tornTail = TornTail(
            line: lineNumber + 1, offset: bufferOffset + start, byteCount: end - start,
            allZero: tail.allSatisfy { $0 == 0 })
          start = end
        }
        return nil
      }
      if !lineEndIsKnown, end - start >= scanThreshold, try scanLongLine() {
        return nil
      }
      try fill()
    }
  }

  /// The partial line at `start` is long: finds where it ends without buffering it. Returns
  /// `true` for a torn tail (no newline before the end of the file), which is then recorded
  /// and skipped; throws for a line longer than `maxLineBytes`, once past it, so that the next
  /// call goes on with the line after (a scan past damage does, `LogIntegrityScan`); otherwise
  /// makes room for the whole line.
  private func scanLongLine() throws(LogReadError) -> Bool {
    let lineStart = bufferOffset + start
    switch try LineEndScan.scan(fd: fd, path: path, from: bufferOffset + end) {
    case .newline(let newline) where newline - lineStart > maxLineBytes:
      try skip(to: newline + 1)
      lineNumber += 1
      lineOffset = lineStart
      throw LineEndScan.tooLong(path: path, line: lineNumber, offset: lineStart, maxLineBytes: maxLineBytes)
    case .newline(let newline):
      lineEndIsKnown = true
      reserve(lineBytes: newline - lineStart + 1)
      return false
    case .endOfFile(let fileEnd, let allZero):
      let buffered = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
      tornTail = TornTail(
        line: lineNumber + 1, offset: lineStart, byteCount: fileEnd - lineStart,
        allZero: allZero && buffered.allSatisfy { $0 == 0 })
      bufferOffset = fileEnd
      start = 0
      end = 0
      atEOF = true
      return true
    }
  }

  /// Goes on reading at `offset`, where line `line` (1-based) starts, without reading the lines
  /// before it: for a reader that knows where the line is (an index of the log).
  func seek(toLineAt offset: Int, line: Int) throws(LogReadError) {
    try skip(to: offset)
    atEOF = false
    tornTail = nil
    lineNumber = line - 1
    lineOffset = offset
  }

  /// Drops what is buffered and goes on reading at file offset `offset`.
  private func skip(to offset: Int) throws(LogReadError) {
    guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else {
      let code = errno
      throw LogReadError(.unreadable, file: path, message: "cannot seek: \(String(cString: strerror(code)))")
    }
    bufferOffset = offset
    start = 0
    end = 0
    lineEndIsKnown = false
  }

  /// Moves the partial line to the front and makes the buffer hold `lineBytes` at least.
  private func reserve(lineBytes: Int) {
    compact()
    if buffer.count < lineBytes { resize(to: lineBytes) }
  }

  /// Replaces the buffer with one of `byteCount` bytes that starts with what it held.
  private func resize(to byteCount: Int) {
    let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
    buffer.deallocate()
    buffer = larger
  }

  private func compact() {
    guard start > 0 else { return }
    let pending = end - start
    if pending > 0 {
      memmove(buffer.baseAddress!, buffer.baseAddress! + start, pending)
    }
    bufferOffset += start
    start = 0
    end = pending
  }

  /// Moves the partial line to the front, grows the buffer when a line fills it, and reads.
  private func fill() throws(LogReadError) {
    compact()
    if end == buffer.count { resize(to: buffer.count * 2) }
    while true {
      let count = read(fd, buffer.baseAddress! + end, buffer.count - end)
      if count > 0 {
        end += count
        return
      }
      if count == 0 {
        atEOF = true
        return
      }
      if errno == EINTR { continue }
      let code = errno
      throw LogReadError(
        code == EISDIR ? .isDirectory : .unreadable, file: path,
        message: "cannot read: \(String(cString: strerror(code)))")
    }
  }
}
