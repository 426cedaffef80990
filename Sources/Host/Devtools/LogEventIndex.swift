import Foundation
import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each event of a log is, and the little that filtering needs (seq, origin, case),
/// without the actions themselves: a page of events is read again from the file by offset, and
/// checked then, so a log of a million events costs tens of megabytes here, not its whole size.
///
/// Lines are read by their fixed start alone (``LogLineRecord/peek(_:)``), without their
/// checksums or JSON, so that a large log opens at the speed of reading it; a line that does not
/// start as this package writes lines is parsed whole. ``extend()`` reads what a writer has
/// appended since (a log still being recorded). Bytes after the last newline are *pending*: the
/// writer is in the middle of that line, or stopped there.
struct LogEventIndex {
  struct Entry {
    var seq: UInt64
    /// An index into ``LogEventIndex/cases``.
    var caseID: Int32
    var origin: ActionOrigin
    var line: Int32
    /// The line's first byte in the file, and its length without the `\n`.
    var offset: Int64
    var length: Int32
  }

  let path: String
  let header: LogHeader
  private(set) var entries: [Entry] = []
  /// The seqs of the checkpoints, in order.
  private(set) var checkpoints: [UInt64] = []
  /// Case paths, each once, in the order first seen.
  private(set) var cases: [String] = []
  private var caseIDs: [String: Int32] = [:]
  /// The case of each path's ``ActionCasePath/fingerprint(_:)`` seen so far: most events' case
  /// is found without building its text.
  private var caseIDsByFingerprint: [UInt64: Int32] = [:]
  /// The bytes read as complete lines: the next line starts here.
  private(set) var indexedBytes: Int64 = 0
  private(set) var lineCount = 1
  /// Bytes after the last complete line (a line being written, or a torn one).
  private(set) var pendingBytes: Int64 = 0
  /// Why the index stops early: a line that is not an event or checkpoint in its place.
  /// Everything before it is indexed.
  private(set) var damage: String?

  private static let blockSize = 4 << 20

  /// Reads the header of the log at `path`, and indexes every complete line after it.
  init(path: String) throws(LogReadError) {
    let reader = try LogReader(file: URL(fileURLWithPath: path), chunkSize: 64 << 10)
    self.path = path
    header = reader.header
    indexedBytes = Int64(reader.bytesRead)
    do {
      _ = try extend()
    } catch {
      throw LogReadError(.unreadable, file: path, message: "\(error)")
    }
  }

  var lastSeq: UInt64 { entries.last?.seq ?? 0 }

  /// The byte offset and line number of event `seq`'s line, if it is indexed.
  func location(of seq: UInt64) -> (offset: Int, line: Int)? {
    guard seq >= 1, seq <= UInt64(entries.count) else { return nil }
    let entry = entries[Int(seq - 1)]
    return entry.seq == seq ? (Int(entry.offset), Int(entry.line)) : nil
  }

  /// Indexes the complete lines after the last one indexed. Returns whether any was added.
  mutating func extend() throws -> Bool {
    guard damage == nil else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LogReadError(.unreadable, file: path, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let before = entries.count + checkpoints.count
    var block = [UInt8](repeating: 0, count: Self.blockSize)
    var carried = 0
    while damage == nil {
      let count = block.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + carried, buffer.count - carried, off_t(indexedBytes) + off_t(carried))
      }
      guard count > 0 else {
        pendingBytes = Int64(carried)
        break
      }
      let filled = carried + count
      let consumed = block.withUnsafeBytes { indexLines(UnsafeRawBufferPointer(rebasing: $0[..<filled])) }
      indexedBytes += Int64(consumed)
      carried = filled - consumed
      if carried > 0 {
        // A line longer than what is left of the block: move it to the front, and grow the
        // block if the line fills it.
        block.withUnsafeMutableBytes { buffer in
          buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + consumed, byteCount: carried)
        }
        if carried == block.count { block += [UInt8](repeating: 0, count: block.count) }
      }
    }
    return entries.count + checkpoints.count > before
  }

  /// Indexes each complete line of `bytes`, which start at ``indexedBytes``; returns how many
  /// bytes that was.
  private mutating func indexLines(_ bytes: UnsafeRawBufferPointer) -> Int {
    var lineStart = 0
    while lineStart < bytes.count, damage == nil {
      guard let found = memchr(bytes.baseAddress! + lineStart, 0x0A, bytes.count - lineStart) else { break }
      let newline = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
      let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline])
      index(line, offset: indexedBytes + Int64(lineStart), number: lineCount + 1)
      if damage == nil { lineStart = newline + 1 }
    }
    return lineStart
  }

  /// What a line holds, for the index.
  private enum Kind {
    case event(seq: UInt64, origin: ActionOrigin, caseID: Int32)
    case checkpoint(seq: UInt64)
  }

  private mutating func index(_ line: UnsafeRawBufferPointer, offset: Int64, number: Int) {
    let kind: Kind
    switch LogLineRecord.peek(line) {
    case .event(let seq, let origin, let action)?:
      kind = .event(seq: seq, origin: origin, caseID: caseID(ofAction: UnsafeRawBufferPointer(rebasing: line[action])))
    case .checkpoint(let seq)?:
      kind = .checkpoint(seq: seq)
    case nil:
      guard let whole = parsed(line, number: number) else { return }
      kind = whole
    }
    switch kind {
    case .event(let seq, let origin, let caseID):
      guard seq == lastSeq + 1 else {
        damage = "\(path):\(number): seq \(seq) follows seq \(lastSeq)"
        return
      }
      entries.append(
        Entry(seq: seq, caseID: caseID, origin: origin, line: Int32(number), offset: offset, length: Int32(line.count)))
    case .checkpoint(let seq):
      checkpoints.append(seq)
    }
    lineCount = number
  }

  /// A line written otherwise than this package writes them, parsed whole; nil (and the index
  /// stops there) if it is not an event or a checkpoint.
  private mutating func parsed(_ line: UnsafeRawBufferPointer, number: Int) -> Kind? {
    do {
      switch try LogLineRecord.parse(line, path: path, number: number) {
      case .event(let event):
        let json = (try? LogJSONEncoder().serialize(event.action)) ?? []
        return .event(seq: event.seq, origin: event.origin, caseID: json.withUnsafeBytes { caseID(ofAction: $0) })
      case .checkpoint(let checkpoint):
        return .checkpoint(seq: checkpoint.seq)
      case .header:
        damage = "\(path):\(number): a second header"
        return nil
      }
    } catch {
      damage = error.description
      return nil
    }
  }

  private mutating func caseID(ofAction json: UnsafeRawBufferPointer) -> Int32 {
    let fingerprint = ActionCasePath.fingerprint(json)
    if let id = caseIDsByFingerprint[fingerprint] { return id }
    let id = caseID(ActionCasePath.of(json))
    caseIDsByFingerprint[fingerprint] = id
    return id
  }

  private mutating func caseID(_ path: String) -> Int32 {
    if let id = caseIDs[path] { return id }
    let id = Int32(cases.count)
    cases.append(path)
    caseIDs[path] = id
    return id
  }
}
