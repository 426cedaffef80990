import EventLog
import Foundation

/// JSON whose parsed tree is many times its bytes (issue 54: about 800 bytes a `{}` parsed by
/// json-c, 280 times the text; arrays about 70 times, numbers and strings 45), each as the
/// action of the one event of an `amountInput` log, sealed line by line as a recorder would.
enum AmplifyingShape: String, CaseIterable, Sendable {
  case objects  // [{},{},…]
  case arrays  // [[],[],…]
  case numbers  // [0,0,…]
  case strings  // ["","",…]
  case members  // {"":0,"":0,…}
  case nested  // [[[…0…]]] 500 deep, again and again
  case deep  // [[[[…]]]] 100,000 deep, once: past the parser's 512 levels

  /// About `bytes` bytes of the shape (`deep` is always 200,000).
  func json(bytes: Int) -> [UInt8] {
    func repeated(_ unit: String, _ open: String, _ close: String) -> [UInt8] {
      let count = max(bytes / (unit.utf8.count + 1), 1)
      var json = Array(open.utf8)
      json.reserveCapacity(bytes + 2)
      for index in 0..<count {
        if index > 0 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: unit.utf8)
      }
      return json + Array(close.utf8)
    }
    switch self {
    case .objects: return repeated("{}", "[", "]")
    case .arrays: return repeated("[]", "[", "]")
    case .numbers: return repeated("0", "[", "]")
    case .strings: return repeated(#""""#, "[", "]")
    case .members: return repeated(#""":0"#, "{", "}")
    case .nested: return repeated(String(repeating: "[", count: 500) + "0" + String(repeating: "]", count: 500), "[", "]")
    case .deep: return Array(String(repeating: "[", count: 100_000).utf8) + Array(String(repeating: "]", count: 100_000).utf8)
    }
  }

  /// A log of `amountInput` whose second line's action carries about `bytes` bytes of the shape.
  func log(bytes: Int) -> [UInt8] {
    var log: [UInt8] = []
    func seal(_ payload: [UInt8]) {
      let start = log.count
      log.append(contentsOf: payload)
      LogLine.seal(&log, payloadStart: start)
    }
    seal(
      Array(
        #"{"format":"refold-log","version":1,"feature":"amountInput","schema":1,"created":"2026-11-25T10:00:00.000Z","checkpointInterval":1000,"snapshotInterval":10000,"redaction":{"placeholder":"<redacted>"},"initialState":{"output":""}"#
          .utf8))
    seal(Array(#"{"seq":1,"t":1795000001,"origin":"send","action":{"textChanged":{"_0":"#.utf8) + json(bytes: bytes) + Array("}}".utf8))
    return log
  }
}
