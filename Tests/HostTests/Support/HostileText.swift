import EventLog
import Foundation
import Testing

@testable import Host

/// Text that would act on a terminal or hide what it is: an OSC that retitles the window (ended
/// by BEL), an SGR colour, a CR that returns to the line's start, C1 controls (CSI U+009B, NEL
/// U+0085), and bidirectional overrides and isolates (U+202E, U+2066).
enum HostileText {
  static let text = "\u{1B}]0;PWNED\u{07}\u{1B}[31m\r\u{9B}2J\u{85}\u{202E}\u{2066}x"

  /// `text` inside a JSON string: C0 escaped (a log's reader refuses it raw), C1 and bidi raw,
  /// as JSON allows.
  static func json(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A log of `feature` made byte by byte, each line sealed with its checksum, with one sent
  /// event per action line (JSON as given) and no checkpoint.
  static func log(feature: String = "amountInput", actions: [String]) -> [UInt8] {
    StoreTestLogs.sealed(StoreTestLogs.header(feature: "\"\(json(feature))\""), actions, firstTime: 1_795_000_000)
  }

  /// Fails the test if `output` holds a control character or a bidi override raw, but the
  /// line breaks and tabs of a report.
  static func expectInert(_ output: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let raw = output.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && Terminal.isNeutralised($0) }
    #expect(raw.isEmpty, "\(what) wrote \(raw.map { String($0.value, radix: 16) }) raw: \(output.debugDescription)", sourceLocation: sourceLocation)
  }
}
