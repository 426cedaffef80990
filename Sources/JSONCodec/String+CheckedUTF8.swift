extension String {
  /// The text of `bytes`, which the caller has checked to be valid UTF-8 (a JSON string the
  /// parser walked, a number's ASCII digits). Validated once more, by the standard library as
  /// it copies them (about as fast as `String(decoding:as:)` over a buffer pointer, which
  /// validates too); bytes that are not UTF-8 after all come out repaired, never as a crash.
  package init(checkedUTF8 bytes: Span<UInt8>) {
    if let text = try? UTF8Span(validating: bytes) {
      self.init(copying: text)
    } else {
      var copy: [UInt8] = []
      copy.reserveCapacity(bytes.count)
      for index in bytes.indices { copy.append(bytes[index]) }
      self.init(decoding: copy, as: UTF8.self)
    }
  }
}
