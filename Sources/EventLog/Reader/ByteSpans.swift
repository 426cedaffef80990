// Copying and comparing a line's bytes, read as a span, where the readers keep them (a cache's
// keys, a `LogDecodable` reader's input): Swift 6.3's arrays have neither from a `Span`.
//
// NB: A copy leaves the span through the buffer it lends, whole, to the standard library's
//     copying initializer: a byte at a time into an `OutputSpan` took 3.5 % of a verified
//     replay's CPU.

extension ContiguousArray where Element == UInt8 {
  /// A copy of `span`'s bytes.
  init(bytesOf span: Span<UInt8>) {
    self = span.withUnsafeBufferPointer { ContiguousArray($0) }
  }

  /// Makes the array hold `span`'s bytes, in the storage it has when that is large enough and
  /// not shared.
  mutating func replaceContents(withBytesOf span: Span<UInt8>) {
    removeAll(keepingCapacity: true)
    span.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Whether the array holds exactly `span`'s bytes.
  func holdsBytes(of span: Span<UInt8>) -> Bool {
    guard count == span.count else { return false }
    for index in span.indices where self[index] != span[index] { return false }
    return true
  }
}
