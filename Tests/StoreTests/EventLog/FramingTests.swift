import Foundation
import InternalTestSupport
import Testing

@testable import EventLog
@testable import StoreCore

struct FramingTests {
  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
  }

  @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 1000, 4099])
  func sliceBy8AgreesWithTheBitwiseDefinitionAtEveryLengthAndAlignment(length: Int) {
    var rng = SplitMix64(seed: UInt64(length))
    let bytes = (0..<(length + 8)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let slice = bytes[...]
    let all = slice.span
    for offset in 0..<8 {
      let slice = all.extracting(offset..<(offset + length))
      // NB: computed outside #expect, whose expansion captures its operands in closures.
      let (fast, reference) = (CRC32.checksum(slice), CRC32.reference(slice))
      #expect(fast == reference, "length \(length), offset \(offset)")
    }
    // Continuing a CRC over two pieces gives the CRC of the whole.
    let whole = all.extracting(0..<length)
    let cut = length / 3
    let continued = CRC32.update(CRC32.checksum(whole.extracting(0..<cut)), with: whole.extracting(cut...))
    let direct = CRC32.checksum(whole)
    #expect(continued == direct)
  }

  @Test func fnv1a64MatchesThePublishedVectors() {
    #expect(StateDigest.fnv1a64([UInt8]()) == 0xCBF2_9CE4_8422_2325)
    #expect(StateDigest.fnv1a64(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
    #expect(StateDigest.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_F739_67E8)
    #expect(StateDigest.hex(0xAF) == "00000000000000af")
    #expect(StateDigest.parseHex("00000000000000af") == 0xAF)
    #expect(StateDigest.parseHex("00000000000000AF") == nil)
    #expect(StateDigest.parseHex("af") == nil)
  }

  struct Unsorted: Codable {
    var zeta = 1
    var alpha = Inner()
    var Beta = "B"
    var é = "accent"
    struct Inner: Codable {
      var y = [2, 1]
      var b: String? = "/"
    }
  }

  @Test func theDigestIsOverKeysSortedBytewiseAtEveryDepth() throws {
    let canonical = String(decoding: try StateDigest.canonicalJSON(of: Unsorted()), as: UTF8.self)
    #expect(canonical == #"{"Beta":"B","alpha":{"b":"\/","y":[2,1]},"zeta":1,"é":"accent"}"#)
    #expect(try StateDigest.digest(of: Unsorted()) == StateDigest.fnv1a64(Array(canonical.utf8)))
  }

  @Test func theDocumentedDigestVectorHolds() throws {
    // docs/event-log-format.md, "Digest"
    let state = Probe.State(text: "1234", notes: ["한"], total: -1, ratio: 0.1, flag: true, user: "", password: "", items: [])
    let canonical = String(decoding: try StateDigest.canonicalJSON(of: state), as: UTF8.self)
    #expect(canonical == #"{"flag":true,"items":[],"notes":["한"],"password":"","ratio":0.1,"text":"1234","total":-1,"user":""}"#)
    #expect(StateDigest.hex(try StateDigest.digest(of: state)) == "5168f4ffada701cf")
  }

  @Test func theDigestIsTakenOverTheRedactedState() throws {
    let secret = Probe.State(password: "hunter2")
    let placeholder = Probe.State(password: Redaction.placeholder)
    #expect(try StateDigest.digest(of: secret) == StateDigest.digest(of: placeholder))
    #expect(try StateDigest.digest(of: secret) != StateDigest.digest(of: Probe.State()))
  }

  @Test func aSealedLineEndsWithTheChecksumOfItsPayload() {
    var line: [UInt8] = Array(#"{"checkpoint":5,"digest":"0000000000000000""#.utf8)
    LogLine.seal(&line, payloadStart: 0)
    let text = String(decoding: line, as: UTF8.self)
    let payload = #"{"checkpoint":5,"digest":"0000000000000000""#
    let crc = String(CRC32.checksum(Array(payload.utf8)), radix: 16)
    #expect(text == payload + #","crc":""# + String(repeating: "0", count: 8 - crc.count) + crc + "\"}\n")
    line.removeLast()
    let sealed = line[...]
    guard case .success(let length) = LogLine.payloadLength(of: sealed.span) else {
      Issue.record("the sealed line does not check")
      return
    }
    #expect(String(decoding: line[..<length], as: UTF8.self) == payload)
  }

  @Test(arguments: [
    #"{"a":1}"#,
    #"{"a":1,"crc":"0000000"}"#,
    #"{"a":1,"crc":"0000000G"}"#,
    #"{"a":1,"crc":"ABCDEF01"}"#,
    #"{"a":1, "crc":"00000000"}"#,
    "",
  ])
  func aLineWithoutTheChecksumSuffixIsRejectedBeforeParsing(line: String) {
    let bytes = ContiguousArray(line.utf8)
    guard case .failure(let defect) = LogLine.payloadLength(of: bytes.span) else {
      Issue.record("accepted \(line)")
      return
    }
    #expect(defect == .noChecksum)
  }

  @Test func theEventFastPathAndTheGeneralPathAgree() throws {
    var log = HandWrittenLog()
    log.event(1, #"{"login":{"user":"a","password":"<redacted>"}}"#)
    // The same event with its members in another order takes the general path.
    log.add(#"{"action":{"login":{"user":"a","password":"<redacted>"}},"origin":"send","t":1763740800.5,"seq":1"#)
    let bytes = log.bytes
    let lines = bytes.split(separator: 0x0A).dropFirst().map { ContiguousArray($0) }
    let parser = LogLineParser()
    let (first, second) = (lines[0], lines[1])
    let fast = try parser.record(first.span, number: 2)
    let general = try parser.record(second.span, number: 2)
    #expect(fast == general)
    let prefix = LogLineParser.eventPrefix(first.span.extracting(..<(first.count - 18)))
    #expect(prefix != nil)
  }

  /// An event's `t` as the recorder writes it is read as whole microseconds, to the same double
  /// `Double(String)` (strtod) gives; any other text is left to the general number parser.
  @Test func anEventsTimeReadAsMicrosecondsIsTheDoubleOfItsText() {
    var generator = SplitMix64(seed: 18)
    var texts = ["0", "0.5", "1", "1763740800", "1763740800.1", "1763740800.000001", "4294967295.999999", "9.000100"]
    for _ in 0..<20_000 {
      let seconds = UInt64.random(in: 0..<(1 << 32), using: &generator)
      let digits = Int.random(in: 0...6, using: &generator)
      guard digits > 0 else {
        texts.append("\(seconds)")
        continue
      }
      let fraction = UInt64.random(in: 0..<UInt64(pow(10, Double(digits))), using: &generator)
      let padded = String(repeating: "0", count: digits - String(fraction).count) + String(fraction)
      texts.append("\(seconds).\(padded)")
    }
    for text in texts {
      let fast = LogLineParser.microseconds(ContiguousArray(text.utf8).span)
      guard let fast, Double(fast) / 1_000_000 == Double(text)! else {
        Issue.record("\(text): \(fast.map { String(Double($0) / 1_000_000) } ?? "not read")")
        return
      }
    }
    // Not the recorder's shape: the general parser reads these (or refuses them).
    for text in ["", "01.5", "00", "-1.5", "1.", ".5", "1.5e3", "1.1234567", "4294967296", "12345678901", "1.5x", "1,5"] {
      let read = LogLineParser.microseconds(ContiguousArray(text.utf8).span)
      #expect(read == nil, "\(text)")
    }
  }
}
