/// Lowercase hex for what the devtools token, the store's API keys and its content hashes are
/// made of, written once.
package enum Hex {
  /// 32 random bytes as 64 hex digits: unguessable, and safe in a URL or a header as it is.
  package static func random256() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in padded(String(generator.next() as UInt64, radix: 16), to: 16) }.joined()
  }

  /// SHA-256 of `bytes`, 64 hex digits.
  package static func sha256(_ bytes: some Sequence<UInt8>) -> String {
    SHA256.hash(bytes).map { padded(String($0, radix: 16), to: 2) }.joined()
  }

  private static func padded(_ text: String, to length: Int) -> String {
    text.count >= length ? text : String(repeating: "0", count: length - text.count) + text
  }
}
