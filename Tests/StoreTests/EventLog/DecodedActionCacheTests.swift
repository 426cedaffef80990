import Foundation
import Testing

@testable import EventLog
@testable import StoreCore

/// The replay workers' cache of decoded actions: the same bytes are decoded once, other bytes
/// are not mistaken for them, and a log whose actions do not repeat turns it off.
struct DecodedActionCacheTests {
  /// Decodes `bytes` as their text, counting the calls.
  final class CountingDecoder {
    var calls = 0
    func decode(_ bytes: Span<UInt8>) -> String {
      calls += 1
      return String(decoding: ContiguousArray(bytesOf: bytes), as: UTF8.self)
    }
  }

  func lookUp(_ text: String, in cache: DecodedActionCache<String>, _ decoder: CountingDecoder) -> String {
    let bytes = Array(text.utf8)[...]
    return cache.action(for: bytes.span, decode: decoder.decode)
  }

  @Test func theSameBytesAreDecodedOnceAndOtherBytesAreNot() {
    let cache = DecodedActionCache<String>()
    let decoder = CountingDecoder()
    let texts = (0..<40).map { #"{"textChanged":{"_0":"\#($0)"}}"# }
    for _ in 0..<5 {
      for text in texts { #expect(lookUp(text, in: cache, decoder) == text) }
    }
    // 40 distinct actions in 256 slots: at most a few collide and are decoded again.
    #expect(decoder.calls >= 40)
    #expect(decoder.calls < 40 + 4 * 5, "decoded \(decoder.calls) times")
    #expect(cache.hits == 200 - decoder.calls)
  }

  @Test func collidingBytesReplaceEachOtherAndAreNeverConfused() {
    let cache = DecodedActionCache<String>()
    let decoder = CountingDecoder()
    // Far more distinct actions than slots: every lookup still returns its own action.
    let texts = (0..<2_000).map { "action-\($0)" }
    for text in texts + texts.reversed() { #expect(lookUp(text, in: cache, decoder) == text) }
  }

  @Test func aLogWhoseActionsDoNotRepeatTurnsItOff() {
    let cache = DecodedActionCache<String>()
    let decoder = CountingDecoder()
    let trial = DecodedActionCache<String>.trialLookups
    for index in 0..<trial { _ = lookUp("distinct-\(index)", in: cache, decoder) }
    #expect(!cache.isEnabled)
    // Off: even a repeated action is decoded again, and nothing is counted.
    _ = lookUp("distinct-0", in: cache, decoder)
    _ = lookUp("distinct-0", in: cache, decoder)
    #expect(decoder.calls == trial + 2)
    #expect(cache.lookups == trial)
  }

  @Test func longActionsAndFailuresAreNotKept() throws {
    let cache = DecodedActionCache<String>()
    let decoder = CountingDecoder()
    let long = String(repeating: "x", count: DecodedActionCache<String>.maxKeyBytes + 1)
    _ = lookUp(long, in: cache, decoder)
    _ = lookUp(long, in: cache, decoder)
    #expect(decoder.calls == 2)
    struct Undecodable: Error {}
    for _ in 0..<2 {
      #expect(throws: Undecodable.self) {
        let bad = ContiguousArray("bad".utf8)
        _ = try cache.action(for: bad.span) { _ -> String in throw Undecodable() }
      }
    }
    #expect(lookUp("bad", in: cache, decoder) == "bad", "a failure left nothing behind")
  }
}
