import EventLog
import Foundation

/// Small logs of AmountInput made byte by byte, each line sealed with its checksum: `number`
/// makes each one's bytes its own.
enum StoreTestLogs {
  static func log(_ number: Int, events: Int = 2) -> [UInt8] {
    var lines = [
      #"{"format":"refold-log","version":1,"feature":"amountInput","schema":1,"created":"2026-11-25T10:00:00.000Z","checkpointInterval":1000,"snapshotInterval":10000,"redaction":{"placeholder":"<redacted>"},"initialState":{"output":""}"#
    ]
    for seq in 1...events {
      lines.append(#"{"seq":\#(seq),"t":\#(1_795_000_000 + seq),"origin":"send","action":{"textChanged":{"_0":"\#(number)-\#(seq)"}}"#)
    }
    var bytes: [UInt8] = []
    for line in lines {
      let start = bytes.count
      bytes.append(contentsOf: line.utf8)
      LogLine.seal(&bytes, payloadStart: start)
    }
    return bytes
  }
}
