import EventLog
import Foundation

/// Small logs of AmountInput made byte by byte, each line sealed with its checksum: `number`
/// makes each one's bytes its own.
enum StoreTestLogs {
  static func log(_ number: Int, events: Int = 2) -> [UInt8] {
    sealed(
      header(feature: #""amountInput""#),
      (1...events).map { #"{"textChanged":{"_0":"\#(number)-\#($0)"}}"# }, firstTime: 1_795_000_001)
  }

  /// An `amountInput`-shaped header whose feature is `featureJSON`, a JSON string as written.
  static func header(feature featureJSON: String) -> String {
    #"{"format":"refold-log","version":1,"feature":\#(featureJSON),"schema":1,"created":"2026-11-25T10:00:00.000Z","checkpointInterval":1000,"snapshotInterval":10000,"redaction":{"placeholder":"<redacted>"},"initialState":{"output":""}"#
  }

  /// The log of `header` and one sent event per action (JSON as written), a second apart from
  /// `firstTime`, each line sealed.
  static func sealed(_ header: String, _ actions: [String], firstTime: Int) -> [UInt8] {
    var lines = [header]
    for (index, action) in actions.enumerated() {
      lines.append(#"{"seq":\#(index + 1),"t":\#(firstTime + index),"origin":"send","action":\#(action)"#)
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
