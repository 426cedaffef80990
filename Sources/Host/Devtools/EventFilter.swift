import Foundation
package import Store

/// What the timeline shows: events of a case (and the cases below it), of one origin, and whose
/// action's JSON holds a text. An empty filter lets every event through.
package struct EventFilter: Hashable, Sendable {
  var casePath: String?
  var origin: ActionOrigin?
  var text: String?

  /// Every event (no filter), or the events of a case, an origin, and a text.
  package init(casePath: String? = nil, origin: ActionOrigin? = nil, text: String? = nil) {
    self.casePath = casePath
    self.origin = origin
    self.text = text
  }

  var isEmpty: Bool { casePath == nil && origin == nil && text == nil }

  /// The positions in `index` of the events that pass, in seq order. The text is looked for in
  /// each line's bytes from its action on, read from the file in large blocks.
  func matches(in index: LogEventIndex) throws -> [Int32] {
    let casePasses: [Bool]? = casePath.map { filter in index.cases.map { ActionCasePath.matches($0, filter: filter) } }
    var positions: [Int32] = []
    for (position, entry) in index.entries.enumerated() {
      if let casePasses, !casePasses[Int(entry.caseID)] { continue }
      if let origin, entry.origin != origin { continue }
      positions.append(Int32(position))
    }
    guard let text, !text.isEmpty else { return positions }
    let needle = Array(text.utf8)
    var lines = try LineFetcher(path: index.path)
    return try positions.filter { position in
      let entry = index.entries[Int(position)]
      return try lines.withLine(offset: entry.offset, length: Int(entry.length)) { line in
        Self.action(of: line).map { Self.contains($0, needle) } ?? false
      }
    }
  }

  /// The bytes of a line's action: from its `"action":` member to the checksum that ends every
  /// line (neither the seq and time before it nor the checksum's hex digits are searched).
  private static func action(of line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    let key = Array(#""action":"#.utf8)
    guard line.count >= LogLine.suffixLength, let start = firstIndex(of: key, in: line) else { return nil }
    let end = line.count - LogLine.suffixLength
    guard start + key.count <= end else { return nil }
    return UnsafeRawBufferPointer(rebasing: line[(start + key.count)..<end])
  }

  private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    firstIndex(of: needle, in: haystack) != nil
  }

  private static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty ? 0 : nil }
    let first = needle[0]
    var index = 0
    while index <= haystack.count - needle.count {
      if haystack[index] == first {
        var matched = 1
        while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return index }
      }
      index += 1
    }
    return nil
  }
}

/// Reads lines of a log by their offsets, a megabyte block at a time, so that reading the lines
/// of a page, or of every event in order, costs a few reads rather than one per line. The file
/// is closed with the fetcher.
struct LineFetcher {
  private let handle: FileHandle
  private var block: [UInt8] = []
  private var blockStart: Int64 = 0
  private static let blockSize = 1 << 20

  init(path: String) throws {
    handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
  }

  mutating func withLine<T>(offset: Int64, length: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
    let end = offset + Int64(length)
    if offset < blockStart || end > blockStart + Int64(block.count) {
      try handle.seek(toOffset: UInt64(offset))
      block = [UInt8](try handle.read(upToCount: max(Self.blockSize, length)) ?? Data())
      blockStart = offset
      guard block.count >= length else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: "the log is shorter than its index"])
      }
    }
    let from = Int(offset - blockStart)
    return try block.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[from..<(from + length)])) }
  }
}
