import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Action lines handed over one at a time as they arrive, from a file or stdin, so that `run`
/// sends each action when its line comes (a debounce sees the real gaps between lines) and
/// holds at most ``capacity`` lines ahead of the store, whatever the input's length.
///
/// A thread of its own reads the input (a blocked read of stdin cannot be cancelled) and waits
/// whenever ``capacity`` lines are queued. Blank lines and `#` comments are skipped; every line
/// keeps its number for error messages.
final class ActionLineSource: @unchecked Sendable {
  // NB: @unchecked: `queue`, `end`, `waiting`, `stopped` and `highWaterMark` are touched only
  //     with `condition` held (an NSCondition, a pthread mutex that ThreadSanitizer sees).
  private let condition = NSCondition()
  private var queue: [ActionLines.Line] = []
  private var queueStart = 0
  /// Nil while lines may still come; then the input's end or its error.
  private var end: Result<Void, HostError>?
  private var waiting: CheckedContinuation<ActionLines.Line?, any Error>?
  private var stopped = false
  private var highWaterMark = 0

  private let fd: Int32
  private let ownsDescriptor: Bool
  let source: String
  /// How many lines may wait for the store.
  let capacity: Int
  /// The longest line read: a longer one is an error, not an unbounded buffer.
  let maxLineBytes: Int

  /// Opens `path` (`-` for stdin) and starts reading it.
  static func open(_ path: String, capacity: Int = 256, maxLineBytes: Int = 16 << 20) throws(HostError) -> ActionLineSource {
    if path == "-" {
      return ActionLineSource(fd: STDIN_FILENO, ownsDescriptor: false, source: "stdin", capacity: capacity, maxLineBytes: maxLineBytes)
    }
    try InputFile.check(path, what: "actions file")
    let fd = openForReading(path)
    guard fd >= 0 else {
      throw HostError.badInput("actions file \(path): cannot be read (\(String(cString: strerror(errno))))")
    }
    return ActionLineSource(fd: fd, ownsDescriptor: true, source: path, capacity: capacity, maxLineBytes: maxLineBytes)
  }

  private init(fd: Int32, ownsDescriptor: Bool, source: String, capacity: Int, maxLineBytes: Int) {
    self.fd = fd
    self.ownsDescriptor = ownsDescriptor
    self.source = source
    self.capacity = max(1, capacity)
    self.maxLineBytes = maxLineBytes
    let thread = Thread { [self] in readAll() }
    thread.name = "refold action lines"
    thread.start()
  }

  /// The next line; nil at the input's end or after ``stop()``.
  func next() async throws(HostError) -> ActionLines.Line? {
    do {
      return try await withCheckedThrowingContinuation { continuation in
        condition.lock()
        if stopped {
          condition.unlock()
          continuation.resume(returning: nil)
        } else if let line = takeLocked() {
          condition.unlock()
          continuation.resume(returning: line)
        } else if let end {
          condition.unlock()
          continuation.resume(with: end.map { nil })
        } else {
          waiting = continuation
          condition.unlock()
        }
      }
    } catch let error as HostError {
      throw error
    } catch {
      throw HostError.badInput("\(source): \(error)")
    }
  }

  /// Ends the lines early (a signal): a waiting ``next()`` and every later one return nil.
  func stop() {
    condition.lock()
    stopped = true
    let continuation = waiting
    waiting = nil
    condition.broadcast()
    condition.unlock()
    continuation?.resume(returning: nil)
  }

  /// The most lines that were ever queued at once: never more than ``capacity``.
  var mostQueued: Int {
    condition.lock()
    defer { condition.unlock() }
    return highWaterMark
  }

  // MARK: - The reading thread

  private func readAll() {
    defer { if ownsDescriptor { close(fd) } }
    var splitter = Splitter(source: source, maxLineBytes: maxLineBytes)
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return finish(.failure(HostError.badInput("\(source): cannot be read (\(String(cString: strerror(errno))))")))
      }
      // The lines before a bad one are handed over first: the run sends them, then stops.
      let (lines, error) = count == 0 ? splitter.finish() : splitter.add(chunk[0..<count])
      for line in lines where !push(line) { return }
      if let error { return finish(.failure(error)) }
      if count == 0 { return finish(.success(())) }
    }
  }

  /// Hands `line` to a waiting reader or queues it, waiting while the queue is full. False
  /// once the source is stopped: the rest of the input is not wanted.
  private func push(_ line: ActionLines.Line) -> Bool {
    condition.lock()
    while !stopped, waiting == nil, queue.count - queueStart >= capacity {
      condition.wait()
    }
    if stopped {
      condition.unlock()
      return false
    }
    if let continuation = waiting {
      waiting = nil
      condition.unlock()
      continuation.resume(returning: line)
      return true
    }
    queue.append(line)
    highWaterMark = max(highWaterMark, queue.count - queueStart)
    condition.unlock()
    return true
  }

  private func finish(_ result: Result<Void, HostError>) {
    condition.lock()
    end = result
    let continuation = queue.count == queueStart ? waiting : nil
    if continuation != nil { waiting = nil }
    condition.unlock()
    continuation?.resume(with: result.map { nil })
  }

  /// The oldest queued line; wakes the reading thread, which may be waiting for room.
  private func takeLocked() -> ActionLines.Line? {
    guard queueStart < queue.count else { return nil }
    let line = queue[queueStart]
    queueStart += 1
    if queueStart == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueStart = 0
    } else if queueStart >= capacity {
      queue.removeFirst(queueStart)
      queueStart = 0
    }
    condition.signal()
    return line
  }

  /// Cuts bytes into numbered lines: ends at "\n" (a "\r" before it goes with the whitespace).
  struct Splitter {
    let source: String
    let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var lineNumber = 0

    init(source: String, maxLineBytes: Int) {
      self.source = source
      self.maxLineBytes = maxLineBytes
    }

    /// The complete lines in `bytes`, and the error of the first bad one (the lines after it
    /// are not wanted).
    mutating func add(_ bytes: ArraySlice<UInt8>) -> (lines: [ActionLines.Line], error: HostError?) {
      var lines: [ActionLines.Line] = []
      var start = bytes.startIndex
      do throws(HostError) {
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
          pending += bytes[start..<newline]
          if let line = try take() { lines.append(line) }
          start = newline + 1
        }
        pending += bytes[start...]
        if pending.count > maxLineBytes { throw tooLong(lineNumber + 1) }
        return (lines, nil)
      } catch {
        return (lines, error)
      }
    }

    /// The last line, when the input does not end with a newline.
    mutating func finish() -> (lines: [ActionLines.Line], error: HostError?) {
      guard !pending.isEmpty else { return ([], nil) }
      do {
        return (try take().map { [$0] } ?? [], nil)
      } catch {
        return ([], error)
      }
    }

    private func tooLong(_ number: Int) -> HostError {
      HostError.badInput("\(source):\(number): the line is longer than \(maxLineBytes) bytes; an action is one JSON value on one line")
    }

    private mutating func take() throws(HostError) -> ActionLines.Line? {
      lineNumber += 1
      defer { pending.removeAll(keepingCapacity: true) }
      if pending.count > maxLineBytes { throw tooLong(lineNumber) }
      guard let text = String(validating: pending, as: UTF8.self) else {
        throw HostError.badInput("\(source):\(lineNumber): the line is not UTF-8 text")
      }
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
      return ActionLines.Line(source: source, number: lineNumber, text: trimmed)
    }
  }
}

/// `open(2)` for reading; outside the type, whose own `open` would shadow it.
private func openForReading(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
