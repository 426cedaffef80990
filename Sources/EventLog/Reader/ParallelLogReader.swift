#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import JSONCodec

/// Reads the lines of a log after its header on worker threads: each worker takes the next
/// chunk of whole lines, checks and parses every line and decodes every action with its own
/// json-c tokener, and the folding thread takes the parsed chunks back in file order.
///
/// Memory stays bounded: at most `maxChunksInFlight` chunks are read and not yet taken. A
/// worker stops at the first line that does not parse (replay stops there too), and everything
/// stops when the folding thread calls ``close()``, which waits for the workers.
final class ParallelLogReader<Action>: @unchecked Sendable {
  // NB: @unchecked: every `var` below is touched only with `condition` locked. A parsed
  //     chunk, with the actions a worker decoded in it, is handed over once, under the lock,
  //     and the worker keeps no reference to it.
  private let condition = NSCondition()
  private var chunks: LogChunkReader
  private var nextIndex = 0
  private var ready: [Int: ParsedChunk<Action>] = [:]
  private var inFlight = 0
  private var runningWorkers = 0
  private var cancelled = false
  private let maxChunksInFlight: Int
  private let fd: Int32

  /// Starts `workers` threads reading `file` from `offset` (just after the header).
  ///
  /// - Parameters:
  ///   - read: reads an action from its bytes without a tree (``LogDecodable``), or gives up
  ///     (`nil`), when `decode` then decodes it; called on the workers.
  ///   - decode: turns an event's action into `Action`; called on the workers.
  init(
    file: URL, path: String, from offset: Int, workers: Int, chunkSize: Int, skipActionsThrough: UInt64,
    read: ActionBytesReader<Action>? = nil,
    decode: @escaping @Sendable (JSONValue) throws -> Action
  ) throws(LogReadError) {
    let fd = try ReadableLogFile.opened(file, path: path).fd
    self.fd = fd
    chunks = LogChunkReader(fd: fd, path: path, from: offset, chunkSize: chunkSize)
    let workers = max(workers, 1)
    maxChunksInFlight = workers * 2 + 1
    runningWorkers = workers
    for number in 0..<workers {
      let thread = Thread { [self] in work(skipActionsThrough: skipActionsThrough, read: read, decode: decode) }
      thread.name = "refold.replay.\(number)"
      thread.start()
    }
  }

  deinit {
    systemClose(fd)
  }

  /// The next chunk in file order, waiting for a worker if need be; `nil` after the last.
  func next() -> ParsedChunk<Action>? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let chunk = ready.removeValue(forKey: takenIndex) {
        takenIndex += 1
        inFlight -= 1
        condition.broadcast()
        return chunk
      }
      if chunks.isExhausted, takenIndex >= nextIndex { return nil }
      condition.wait()
    }
  }

  private var takenIndex = 0

  /// Stops the workers and waits until they have returned. Call it once, when done.
  func close() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    while runningWorkers > 0 { condition.wait() }
    ready.removeAll()
    condition.unlock()
  }

  // MARK: Workers

  private func work(
    skipActionsThrough: UInt64, read readAction: ActionBytesReader<Action>?, decode: (JSONValue) throws -> Action
  ) {
    let cache = DecodedActionCache<Action>()
    var actionBuffer = ContiguousArray<UInt8>()
    while true {
      condition.lock()
      while inFlight >= maxChunksInFlight, !cancelled { condition.wait() }
      guard !cancelled, let read = chunks.next() else {
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
        return
      }
      let index = nextIndex
      nextIndex += 1
      inFlight += 1
      condition.unlock()

      // NB: read through a slice's span: `Array.span` needs macOS 26.
      let bytes = read.bytes[...]
      var chunk = ParsedChunk.parse(
        bytes.span, offset: read.offset, skipActionsThrough: skipActionsThrough, cache: cache,
        actionBuffer: &actionBuffer, read: readAction, decode: decode)
      chunk.readError = read.error
      chunk.tornTail = read.tornTail
      chunk.isLast = read.isLast
      if case .problem = chunk.lines.last {
        // Stopped at a line that does not parse: replay stops there, so nothing after it is.
        chunk.isLast = true
        chunk.readError = nil
        chunk.tornTail = nil
      }

      condition.lock()
      ready[index] = chunk
      if chunk.isLast { cancelled = true }
      condition.broadcast()
      condition.unlock()
    }
  }
}
