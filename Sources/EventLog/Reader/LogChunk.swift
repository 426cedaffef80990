#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import JSONCodec
import StoreCore

/// One line of a chunk, parsed (and its action decoded) by a worker of the parallel reader.
/// Line numbers are not known yet: the folding thread counts them.
///
/// Not generic: an event's action is in its chunk's ``ParsedActions``, by index. The reader's
/// code is unspecialized, and a generic line would cost a look-up of its type's metadata (and
/// its payload's, and its array's) for every line.
enum ParsedLine {
  /// An event; `action` is the index of its action in the chunk's ``ParsedActions``, `nil`
  /// when the event is at or before the snapshot (not decoded). `draws`: what the reducer
  /// drew when it was recorded (usually none).
  case event(seq: UInt64, action: Int?, draws: [Draw] = [])
  /// An event whose action does not decode.
  case undecodable(seq: UInt64, error: any Error, action: JSONValue)
  case checkpoint(LogCheckpoint)
  /// A line that does not parse. The worker stops the chunk here: replay stops here too.
  case problem(LogLineParser.Problem, leadingSeq: UInt64?)
}

/// The actions of a parsed chunk, in order, in a buffer of their own: a mutating call on an
/// `Array<Action>` in unspecialized code looks up `Array<Action>`'s metadata every time; a
/// pointer's operations need only `Action`'s. Measured: as an `[Action]`, a verified replay of
/// 200,000 events took 1.12–1.15× the CPU (docs/unsafe-code.md).
final class ParsedActions<Action> {
  private var base: UnsafeMutablePointer<Action>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Appends `action`; returns its index.
  func append(_ action: Action) -> Int {
    if count == capacity {
      let larger = UnsafeMutablePointer<Action>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: action)
    count += 1
    return count - 1
  }

  subscript(index: Int) -> Action {
    precondition(index >= 0 && index < count, "action \(index) of \(count)")
    return base[index]
  }
}

/// Why an event left the fast path of ``ParsedChunk/parse(_:offset:skipActionsThrough:cache:actionBuffer:read:decode:)``.
private enum FastPathMiss: Error {
  case notJSON
  case undecodable(any Error, JSONValue)
}

/// A run of whole lines of the log, parsed, as the folding thread takes them, in file order.
struct ParsedChunk<Action> {
  var lines: [ParsedLine] = []
  /// The actions the `.event` lines name by index.
  let actions = ParsedActions<Action>()
  /// The file offset just after each line's newline, for progress.
  var ends: [Int] = []
  /// Reading stopped here with this error (after `lines`).
  var readError: LogReadError?
  /// The bytes after the last newline of the file, when this is the last chunk.
  var tornTail: LineStream.TornTail?
  var isLast = false

  /// Parses the complete lines in `bytes` (which end with a newline), read at file offset
  /// `offset`. An event's action is taken from `cache` when the same bytes were decoded before,
  /// or else read by `read` straight from its bytes (through `actionBuffer`, which the caller
  /// keeps from one chunk to the next), or else parsed and decoded by `decode`.
  static func parse(
    _ bytes: Span<UInt8>, offset: Int, skipActionsThrough: UInt64, cache: DecodedActionCache<Action>,
    actionBuffer: inout ContiguousArray<UInt8>, read: ActionBytesReader<Action>? = nil,
    decode: (JSONValue) throws -> Action
  ) -> ParsedChunk {
    let parser = LogLineParser()
    var chunk = ParsedChunk()
    var start = 0
    while let end = nextNewline(in: bytes, from: start) {
      let line = bytes.extracting(start..<end)
      chunk.ends.append(offset + end + 1)
      start = end + 1
      if let event = parser.rawEvent(line) {
        if event.seq <= skipActionsThrough {
          chunk.lines.append(.event(seq: event.seq, action: nil))
          continue
        }
        do {
          let action = try cache.action(for: line.extracting(event.action)) { json in
            if let read, let action = read(json, &actionBuffer) { return action }
            let value: JSONValue
            do {
              value = try parser.decoder.parseJSONLine(json)
            } catch {
              throw FastPathMiss.notJSON
            }
            do {
              return try decode(value)
            } catch {
              throw FastPathMiss.undecodable(error, value)
            }
          }
          chunk.lines.append(.event(seq: event.seq, action: chunk.actions.append(action)))
          continue
        } catch FastPathMiss.undecodable(let error, let value) {
          chunk.lines.append(.undecodable(seq: event.seq, error: error, action: value))
          continue
        } catch {
          // Not JSON: the general path below says what is wrong, as the sequential reader does.
        }
      }
      let record: LogRecord
      do {
        // `t` is parsed as the sequential reader parses it, so that a malformed `t` is the
        // same error on both paths.
        record = try parser.record(line, number: 0, skipActionsThrough: skipActionsThrough, parseTime: true)
      } catch {
        chunk.lines.append(.problem(error, leadingSeq: LogLineParser.leadingSeq(line)))
        return chunk
      }
      switch record {
      case .event(let event):
        if event.seq <= skipActionsThrough {
          chunk.lines.append(.event(seq: event.seq, action: nil))
        } else {
          do {
            chunk.lines.append(
              .event(seq: event.seq, action: chunk.actions.append(try decode(event.action)), draws: event.draws))
          } catch {
            chunk.lines.append(.undecodable(seq: event.seq, error: error, action: event.action))
          }
        }
      case .checkpoint(let checkpoint):
        chunk.lines.append(.checkpoint(checkpoint))
      case .header:
        // `record` never returns a header (a second one is an error); treat it as one.
        chunk.lines.append(.problem(.unknownKind("a second header line"), leadingSeq: nil))
        return chunk
      }
    }
    return chunk
  }

  /// The offset of the first `\n` in `bytes` at or after `start`, or `nil` when none is left.
  ///
  /// NB: Sixteen bytes a step, as `memchr` does it, each step one checked unaligned load (its
  ///     `unsafe` is about the type, which must take any bits, as bytes do). A byte at a time
  ///     took 5 % of a verified replay's CPU where `memchr` took under 1 %.
  private static func nextNewline(in bytes: Span<UInt8>, from start: Int) -> Int? {
    var index = start
    let count = bytes.count
    let raw = bytes.bytes
    let newlines = SIMD16<UInt8>(repeating: 0x0A)
    while count - index >= 16 {
      let block = raw.unsafeLoadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      if any(block .== newlines) { break }
      index &+= 16
    }
    while index < count {
      if bytes[index] == 0x0A { return index }
      index &+= 1
    }
    return nil
  }
}

/// Cuts a file into chunks of whole lines, from an offset on. Not thread safe: the parallel
/// reader calls it with its lock held. A line that does not end is scanned for its end rather
/// than buffered (``LineEndScan``), so a chunk is at most a chunk plus the longest line.
struct LogChunkReader {
  let fd: Int32
  let path: String
  let chunkSize: Int
  /// The file offset of the next byte to read.
  private(set) var offset: Int
  /// The file offset of the first byte of `carry`.
  private var carryOffset: Int
  /// The start of a line whose newline has not been read yet.
  private var carry: [UInt8] = []
  private(set) var isExhausted = false

  init(fd: Int32, path: String, from offset: Int, chunkSize: Int) {
    self.fd = fd
    self.path = path
    self.chunkSize = max(chunkSize, 64)
    self.offset = offset
    self.carryOffset = offset
  }

  /// The next run of whole lines and its file offset; at the end of the file, the torn tail
  /// (as `tornTail`, with line 0: the caller numbers it) and `isLast`.
  mutating func next() -> (bytes: [UInt8], offset: Int, tornTail: LineStream.TornTail?, error: LogReadError?, isLast: Bool)? {
    guard !isExhausted else { return nil }
    var buffer = carry
    let start = carryOffset
    var scanned = buffer.count
    // `carry` holds no newline: it is the start of a line.
    var holdsNewline = false
    var lineEndIsKnown = false
    buffer.reserveCapacity(max(chunkSize, buffer.count * 2))
    while true {
      let room = max(chunkSize - buffer.count, chunkSize / 2)
      let before = buffer.count
      var failure: Int32 = 0
      buffer.append(contentsOf: repeatElement(0, count: room))
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        while true {
          let count = pread(fd, raw.baseAddress! + before, room, off_t(offset))
          if count < 0, errno == EINTR { continue }
          if count < 0 { failure = errno }
          return count
        }
      }
      buffer.removeLast(room - max(count, 0))
      if count < 0 {
        isExhausted = true
        let error = LogReadError(
          failure == EISDIR ? .isDirectory : .unreadable, file: path,
          message: "cannot read: \(String(cString: strerror(failure)))")
        return (lastLines(&buffer, start: start), start, nil, error, true)
      }
      offset += count
      if count == 0 {
        // The end: what follows the last newline is a torn tail.
        isExhausted = true
        let lines = lastLines(&buffer, start: start)
        let tail = carry
        carry = []
        let torn = tail.isEmpty
          ? nil
          : LineStream.TornTail(line: 0, offset: carryOffset, byteCount: tail.count, allZero: tail.allSatisfy { $0 == 0 })
        return (lines, start, torn, nil, true)
      }
      // Enough once a newline has been read and the chunk is full (or the read came up short).
      let hasNewline = buffer[scanned...].contains(0x0A)
      scanned = buffer.count
      holdsNewline = holdsNewline || hasNewline
      if hasNewline, buffer.count >= chunkSize / 2 {
        return (lastLines(&buffer, start: start), start, nil, nil, false)
      }
      if !holdsNewline, !lineEndIsKnown, buffer.count >= LineEndScan.threshold(chunkSize: chunkSize) {
        // One long partial line: find its end without reading it into the buffer.
        let scan: LineEndScan.Result
        do {
          scan = try LineEndScan.scan(fd: fd, path: path, from: offset)
        } catch {
          isExhausted = true
          return ([], start, nil, error, true)
        }
        switch scan {
        case .newline(let newline) where newline - start > LineEndScan.maxLineBytes:
          isExhausted = true
          let error = LineEndScan.tooLong(path: path, line: nil, offset: start, maxLineBytes: LineEndScan.maxLineBytes)
          return ([], start, nil, error, true)
        case .newline(let newline):
          lineEndIsKnown = true
          buffer.reserveCapacity(newline - start + 1)
        case .endOfFile(let fileEnd, let allZero):
          isExhausted = true
          carry = []
          let torn = LineStream.TornTail(
            line: 0, offset: start, byteCount: fileEnd - start, allZero: allZero && buffer.allSatisfy { $0 == 0 })
          return ([], start, torn, nil, true)
        }
      }
    }
  }

  /// Keeps `buffer` up to its last newline; the rest becomes the carry.
  private mutating func lastLines(_ buffer: inout [UInt8], start: Int) -> [UInt8] {
    guard let last = buffer.lastIndex(of: 0x0A) else {
      carry = buffer
      carryOffset = start
      return []
    }
    carry = Array(buffer[(last + 1)...])
    carryOffset = start + last + 1
    buffer.removeSubrange((last + 1)...)
    return buffer
  }
}
