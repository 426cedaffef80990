import EventLog
import JSONCodec
/// The checks one input goes through.
///
/// The input is taken three ways, so that the mutations of a log file reach every layer:
/// 1. as a whole log file, through `LogReader` and through `Replayer` with the reducer of the
///    feature its header names (``LogChecks``), as it is and with its checksums made right
///    (``Reseal``), so that mutations get past the framing;
/// 2. as one JSON text, and each of its lines as one JSON text, through both parsers and both
///    writers, which must agree (``JSONChecks``);
/// 3. every JSON value found that way, and its `action`, `state` and `initialState` members,
///    decoded into the real `Action` and `State` types of the feature the first line names,
///    which must agree with Foundation's `JSONDecoder` and survive an encode/decode round trip
///    (``CodableChecks``).
struct FuzzInput {
  /// Lines past this many are left to the log checks: the JSON checks per line are the
  /// costly part, and one line is as good a probe as a hundred.
  static let maximumLines = 16

  let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  func run() {
    LogChecks.check(bytes)
    if let resealed = Reseal.resealed(bytes) {
      resealed.withUnsafeBytes { LogChecks.check($0) }
    }

    if let value = JSONChecks.check(bytes) {
      CodableChecks.check(value, feature: value["feature"]?.stringValue ?? "app", input: bytes)
    }
    var feature = "app"
    var lineStart = 0
    var lines = 0
    while lineStart < bytes.count, lines < Self.maximumLines {
      let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
      if lineStart == 0, newline == bytes.count { break }  // one line: checked as a whole above
      let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline])
      if let value = JSONChecks.check(line) {
        if lines == 0, let named = value["feature"]?.stringValue { feature = named }
        CodableChecks.check(value, feature: feature, input: line)
      }
      lineStart = newline + 1
      lines += 1
    }
  }
}
