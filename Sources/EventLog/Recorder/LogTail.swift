#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an existing log ends, for ``ExistingFilePolicy/append``: its header, its last complete
/// line, and the torn tail cut off. Reads the first line and the last, not the whole file.
struct LogTail {
  enum LastLine: Equatable {
    case header
    case event(seq: UInt64)
    case checkpoint(seq: UInt64, digest: UInt64)
  }

  var header: LogHeader
  var lastLine: LastLine
  /// Bytes cut from the end (a torn last line).
  var cutBytes: Int

  var lastSeq: UInt64 {
    switch lastLine {
    case .header: 0
    case .event(let seq), .checkpoint(let seq, _): seq
    }
  }

  /// Reads the ends of the log open as `fd`, and truncates a torn tail.
  static func resume(fd: Int32, path: String, feature: String) throws(RecorderError) -> LogTail {
    func fail(_ message: String) -> RecorderError { RecorderError(.cannotAppend, path: path, message: message) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .system(.cannotAppend, path: path, "cannot stat", code: errno) }
    let size = Int(info.st_size)

    // The header: the first line.
    guard let firstEnd = try findNewline(fd: fd, path: path, from: 0, size: size) else {
      throw fail("its first line is incomplete, so it has no header (remove the file or use .replace)")
    }
    let first = try readBytes(fd: fd, path: path, at: 0, count: firstEnd)
    let parser = LogLineParser()
    let header: LogHeader
    do {
      let firstLine = first[...]
      header = try parser.header(firstLine.span)
    } catch {
      throw fail("line 1: \(error.message)")
    }
    guard header.feature == feature else {
      throw fail("the log is for feature \"\(header.feature)\", not \"\(feature)\"")
    }

    // The torn tail: bytes after the last newline.
    guard let lastNewline = try findLastNewline(fd: fd, path: path, before: size) else {
      throw fail("it has no complete line")
    }
    let cut = size - (lastNewline + 1)
    if cut > 0 {
      guard ftruncate(fd, off_t(lastNewline + 1)) == 0 else {
        throw .system(.cannotAppend, path: path, "cannot cut the torn last line", code: errno)
      }
    }

    // The last complete line.
    let lineStart = (try findLastNewline(fd: fd, path: path, before: lastNewline)).map { $0 + 1 } ?? 0
    guard lineStart > 0 else {
      return LogTail(header: header, lastLine: .header, cutBytes: cut)
    }
    let last = try readBytes(fd: fd, path: path, at: lineStart, count: lastNewline - lineStart)
    let record: LogRecord
    do {
      let lastLine = last[...]
      record = try parser.record(lastLine.span, number: 0, skipActionsThrough: .max)
    } catch {
      let message: String
      switch error {
      case .framing(let defect): message = defect.message
      case .malformed(let text), .tooLarge(let text), .unknownKind(let text): message = text
      }
      throw fail("its last line is damaged (\(message)); replay it to find out more")
    }
    switch record {
    case .event(let event):
      return LogTail(header: header, lastLine: .event(seq: event.seq), cutBytes: cut)
    case .checkpoint(let checkpoint):
      return LogTail(header: header, lastLine: .checkpoint(seq: checkpoint.seq, digest: checkpoint.digest), cutBytes: cut)
    case .header:
      return LogTail(header: header, lastLine: .header, cutBytes: cut)
    }
  }

  private static let block = 64 * 1024

  /// The offset of the first `\n` at or after `from`.
  private static func findNewline(fd: Int32, path: String, from: Int, size: Int) throws(RecorderError) -> Int? {
    var offset = from
    while offset < size {
      let bytes = try readBytes(fd: fd, path: path, at: offset, count: min(block, size - offset))
      if let index = bytes.firstIndex(of: 0x0A) { return offset + index }
      offset += bytes.count
    }
    return nil
  }

  /// The offset of the last `\n` before `end`.
  private static func findLastNewline(fd: Int32, path: String, before end: Int) throws(RecorderError) -> Int? {
    var blockEnd = end
    while blockEnd > 0 {
      let start = max(0, blockEnd - block)
      let bytes = try readBytes(fd: fd, path: path, at: start, count: blockEnd - start)
      if let index = bytes.lastIndex(of: 0x0A) { return start + index }
      blockEnd = start
    }
    return nil
  }

  private static func readBytes(fd: Int32, path: String, at offset: Int, count: Int) throws(RecorderError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .system(.cannotAppend, path: path, "cannot read", code: errno)
      }
      if result == 0 { break }
      done += result
    }
    bytes.removeLast(count - done)
    return bytes
  }
}

/// `Array.withUnsafeBytes` with a typed error.
func withBytes<Result, Failure: Error>(
  _ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
) throws(Failure) -> Result {
  let result: Swift.Result<Result, Failure> = array.withUnsafeBytes { bytes in
    do throws(Failure) {
      return .success(try body(bytes))
    } catch {
      return .failure(error)
    }
  }
  return try result.get()
}
