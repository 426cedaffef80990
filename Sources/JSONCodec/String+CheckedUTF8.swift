extension String {
  /// The text of `bytes`, which the caller has checked to be valid UTF-8 (a JSON string the
  /// parser walked, a number's ASCII digits). Validated once more, by the standard library as
  /// it copies them: bytes that are not UTF-8 after all come out repaired, never as a crash.
  package init(checkedUTF8 bytes: Span<UInt8>) {
    // NB: `String(copying: UTF8Span)` needs macOS 26; `String(decoding:as:)` copies from the
    //     span's own buffer, lent for the call, on every platform the package supports.
    self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }
}
