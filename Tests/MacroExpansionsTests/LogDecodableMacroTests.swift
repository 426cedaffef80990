import MacroExpansions
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@LogDecodable` writes, and what it refuses with a message that says what to do.
struct LogDecodableMacroTests: MacroExpansionTesting {
  let macros: [String: MacroSpec] = [
    "LogDecodable": MacroSpec(type: LogDecodable.self, conformances: ["LogDecodable"])
  ]

  @Test func eachCaseReadsItsValuesByLabelOnceAndAnOptionalMayBeMissing() {
    expect(
      """
      @LogDecodable
      public enum Action: Codable {
        case moved(dx: Int, Double?)
        case reset
      }
      """,
      expands: """
        public enum Action: Codable {
          case moved(dx: Int, Double?)
          case reset
        }

        extension Action: EventLog.LogDecodable {
          public static func read(from json: inout EventLog.LogJSONReader) throws(EventLog.LogJSONReader.Miss) -> Self {
            switch try json.caseName() {
            case "moved":
              var v0: Int? = nil
              var seen0 = false
              var v1: Double? = nil
              var seen1 = false
              while let key = try json.nextKey() {
                switch key {
                case "dx" where !seen0:
                  seen0 = true
                  v0 = try json.decode(Int.self)
                case "_1" where !seen1:
                  seen1 = true
                  v1 = try json.readNull() ? nil : json.decode(Double.self)
                default:
                  throw EventLog.LogJSONReader.Miss()
                }
              }
              try json.endCase()
              guard let v0 else {
                throw EventLog.LogJSONReader.Miss()
              }
              return .moved(dx: v0, v1)
            case "reset":
              guard try json.nextKey() == nil else {
                throw EventLog.LogJSONReader.Miss()
              }
              try json.endCase()
              return .reset
            default:
              throw EventLog.LogJSONReader.Miss()
            }
          }
        }
        """
    )
  }

  @Test func anEnumThatDecodesItselfOtherwiseIsRefused() {
    expect(
      """
      @LogDecodable
      enum Action: Codable {
        case typed(String)
        enum CodingKeys: String, CodingKey {
          case typed = "t"
        }
      }
      """,
      expands: """
        enum Action: Codable {
          case typed(String)
          enum CodingKeys: String, CodingKey {
            case typed = "t"
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@LogDecodable' reads the keys synthesized Codable uses; this enum declares 'CodingKeys', so conform to LogDecodable by hand",
          line: 1, column: 1)
      ]
    )
    expect(
      """
      @LogDecodable
      enum Action: Decodable {
        case typed(String)
        init(from decoder: any Decoder) throws {
          self = .typed("")
        }
      }
      """,
      expands: """
        enum Action: Decodable {
          case typed(String)
          init(from decoder: any Decoder) throws {
            self = .typed("")
          }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@LogDecodable' reads what synthesized Codable writes; this enum decodes itself in 'init(from:)', so conform to LogDecodable by hand",
          line: 1, column: 1)
      ]
    )
    expect(
      """
      @LogDecodable
      struct State: Codable {}
      """,
      expands: """
        struct State: Codable {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@LogDecodable' applies to an enum, a feature's Action; a struct is read through Decodable", line: 1,
          column: 1)
      ]
    )
  }
}

// The expansion, as the plugin (LogDecodableMacros) declares it.
private enum LogDecodable: LogDecodableExpansion {}
