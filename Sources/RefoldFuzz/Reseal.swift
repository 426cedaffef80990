import Store

/// Most mutations of a log line break its checksum, and the reader stops at the framing, before
/// the JSON, the ordering rules or the actions. So the log checks also run on a copy of the
/// input whose lines are sealed again: a line that ends like `,"crc":"????????"}` gets the
/// right checksum for its bytes, and one that ends in `}` without a checksum gets one added.
enum Reseal {
  /// The input with every complete line's checksum made right, or `nil` when nothing changed.
  static func resealed(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 64)
    var changed = false
    var lineStart = 0
    while lineStart < bytes.count {
      guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else {
        output.append(contentsOf: bytes[lineStart...])  // the torn tail stays as it is
        break
      }
      let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline])
      let payloadEnd = hasSuffixShape(line) ? line.count - LogLine.suffixLength : (line.last == UInt8(ascii: "}") ? line.count - 1 : nil)
      if let payloadEnd, payloadEnd > 0 {
        let start = output.count
        output.append(contentsOf: line[0..<payloadEnd])
        LogLine.seal(&output, payloadStart: start)  // appends the suffix and the newline
        if !output[start...].elementsEqual(bytes[lineStart...newline]) { changed = true }
      } else {
        output.append(contentsOf: bytes[lineStart...newline])
      }
      lineStart = newline + 1
    }
    return changed ? output : nil
  }

  /// `,"crc":"` + any 8 bytes + `"}`.
  private static func hasSuffixShape(_ line: UnsafeRawBufferPointer) -> Bool {
    guard line.count > LogLine.suffixLength else { return false }
    let start = line.count - LogLine.suffixLength
    return line[start..<(start + 8)].elementsEqual(#","crc":""#.utf8)
      && line[line.count - 2] == UInt8(ascii: "\"") && line[line.count - 1] == UInt8(ascii: "}")
  }
}
