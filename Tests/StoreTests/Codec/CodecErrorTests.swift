import Foundation
@testable import JSONCodec
import Testing

@testable import EventLog
@testable import StoreCore

/// Each rejection says what was wrong and where.
struct CodecErrorTests {
  let decoders = JSONBackend.allCases.map { LogJSONDecoder(backend: $0) }

  func decodeError<T: Decodable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [LogCodecError] {
    decoders.compactMap { decoder in
      codecError(sourceLocation: sourceLocation) { _ = try decoder.decode(type, from: Array(json.utf8)) }
    }
  }

  func decodeError<T: Decodable>(
    _ type: T.Type, bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> [LogCodecError] {
    decoders.compactMap { decoder in
      codecError(sourceLocation: sourceLocation) { _ = try decoder.decode(type, from: bytes) }
    }
  }

  @Test func fractionAsIntNamesTheNumberAndTheType() {
    for error in decodeError(CodecEventLine<CodecAmountAction>.self, #"{"seq":1.9,"t":0,"origin":"send","action":{"textChanged":{}}}"#) {
      #expect(error.kind == .dataCorrupted)
      #expect(error.codingPath == "seq")
      #expect(error.description == "data corrupted at seq: Number 1.9 does not fit in UInt64.")
    }
  }

  @Test func stringAsIntIsATypeMismatch() {
    for error in decodeError([Int].self, #"[1, "12"]"#) {
      #expect(error.kind == .typeMismatch)
      #expect(error.codingPath == "[1]")
      #expect(error.message == "Expected to decode Int but found a string instead.")
    }
  }

  @Test func integersBeyondTheirTypeAreRejected() {
    for error in decodeError(Int64.self, "9223372036854775808") + decodeError(UInt64.self, "18446744073709551616")
      + decodeError(Int64.self, "-9223372036854775809") + decodeError(Int8.self, "128") + decodeError(UInt8.self, "-1")
    {
      #expect(error.kind == .dataCorrupted)
      #expect(error.message.contains("does not fit"))
    }
  }

  @Test func missingKeyNamesTheFullPath() {
    let line = #"{"seq":1,"t":0,"origin":"send","action":"#
      + #"{"signIn":{"_0":{"loginResponse":{"_0":{"success":{"_0":{"id":1}}}}}}}}"#
    for error in decodeError(CodecEventLine<CodecAppAction>.self, line) {
      #expect(error.kind == .keyNotFound)
      #expect(error.codingPath == "action.signIn._0.loginResponse._0.success._0.email")
      #expect(error.description.hasPrefix("key not found at action.signIn._0.loginResponse._0.success._0.email: "))
    }
  }

  @Test func nullForARequiredValueIsValueNotFound() {
    for error in decodeError(CodecSession.self, #"{"email":null,"id":1,"token":"t","username":"u"}"#) {
      #expect(error.kind == .valueNotFound)
      #expect(error.codingPath == "email")
    }
  }

  @Test func unknownEnumCaseIsReported() {
    for error in decodeError([CodecAmountAction].self, #"[{"textChanged":{}},{"textChangd":{}}]"#) {
      #expect(error.codingPath.hasPrefix("[1]"))
      #expect(error.kind == .typeMismatch || error.kind == .dataCorrupted)
    }
  }

  @Test func malformedJSONNamesTheByteOffset() {
    for error in decodeError([String: Int].self, #"{"a":1,,"b":2}"#) {
      #expect(error.kind == .invalidJSON)
      #expect(error.byteOffset == 7)
      #expect(error.description == "invalid JSON at byte 7: unexpected character ',', expected a quoted object key")
    }
  }

  @Test func trailingGarbageIsRejected() {
    for error in decodeError([String: Int].self, #"{"a":1} x"#) + decodeError([Int].self, "[1][2]") {
      #expect(error.kind == .invalidJSON)
      #expect(error.message.contains("after the JSON value"))
    }
  }

  @Test func truncatedInputIsRejected() {
    let line = #"{"seq":1,"t":1732200000.123,"origin":"send","action":{"textChanged":{"_0":"1234"}}}"#
    let bytes = Array(line.utf8)
    for cut in 0..<bytes.count {
      for error in decodeError(CodecEventLine<CodecAmountAction>.self, bytes: Array(bytes[..<cut])) {
        #expect(error.kind == .invalidJSON, "cut at \(cut)")
        #expect(error.message.contains("end of input") || error.message.contains("invalid number"), "cut at \(cut): \(error)")
      }
    }
  }

  @Test func invalidUTF8IsRejectedWhereItStarts() {
    let cases: [[UInt8]] = [
      [0x22, 0xC3, 0x28, 0x22],  // bad continuation
      [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
      [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
      [0x22, 0xFF, 0x22],
    ]
    for bytes in cases {
      for error in decodeError(String.self, bytes: bytes) {
        #expect(error.kind == .invalidJSON)
        #expect(error.byteOffset == 1)
        #expect(error.message == "invalid UTF-8")
      }
    }
    for error in decodeError(String.self, bytes: Array(#""한글"#.utf8) + [0x80, 0x22]) {
      #expect(error.byteOffset == 7)
    }
  }

  @Test func loneSurrogateEscapesAreRejected() {
    for error in decodeError(String.self, #""ab\ud83d""#) + decodeError(String.self, #""\ude00""#) {
      #expect(error.kind == .invalidJSON)
      #expect(error.message.contains("surrogate"))
    }
  }

  @Test func jsonCLaxNumbersAreRejected() {
    for json in ["[00]", "[-00]", "[2.]", "[-.5]", "[0.e1]", "[NaN]", "[Infinity]", "[-Infinity]", "[1.5.5]"] {
      for error in decodeError([Double].self, json) {
        #expect(error.kind == .invalidJSON, "\(json)")
        #expect(error.byteOffset == 1, "\(json)")
      }
    }
  }

  @Test func rawControlCharacterInAStringIsRejected() {
    for error in decodeError(String.self, "\"a\tb\"") {
      #expect(error.kind == .invalidJSON)
      #expect(error.byteOffset == 2)
      #expect(error.message == "unescaped control character U+0009 in a string")
    }
  }

  @Test func nestingBeyondTheLimitIsRejectedNotACrash() throws {
    let depth = JSONParser.maximumDepth
    for backend in JSONBackend.allCases {
      let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      #expect(throws: Never.self) { try codecParse(deepest, backend: backend) }
      let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
      #expect(throws: LogCodecError.self) { try codecParse(tooDeep, backend: backend) }
    }
  }

  @Test func invalidBase64AndURLAreDataCorrupted() {
    for error in decodeError([Data].self, #"["AQID", "A Q"]"#) {
      #expect(error.kind == .dataCorrupted)
      #expect(error.codingPath == "[1]")
    }
    for error in decodeError(URL.self, #""""#) {
      #expect(error.kind == .dataCorrupted)
    }
  }

  @Test func errorsFromTheTypesOwnCodeArePassedThrough() {
    struct Custom: Error {}
    struct Refuses: Decodable {
      init(from decoder: any Decoder) throws { throw Custom() }
    }
    #expect(throws: Custom.self) { try LogJSONDecoder().decode(Refuses.self, from: Array("{}".utf8)) }
  }
}
