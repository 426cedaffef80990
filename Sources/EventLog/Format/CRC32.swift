/// CRC-32 as zlib's `crc32` computes it (IEEE 802.3: reflected, polynomial 0xEDB88320, initial
/// value and final XOR 0xFFFFFFFF). `CRC32.checksum("123456789")` is `0xCBF43926`.
///
/// Every line of the event log carries the CRC-32 of its own bytes, and replay checks each one,
/// so this runs over every byte of a log. It reads eight bytes per step (slicing-by-8, Intel's
/// table-driven method), about four times the speed of the byte-at-a-time loop.
package enum CRC32 {
  /// The CRC-32 of `bytes`.
  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    update(0, with: bytes)
  }

  /// The CRC-32 of `bytes`.
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    let array = Array(bytes)
    return array.withUnsafeBytes { checksum($0) }
  }

  /// Continues `crc` (the CRC-32 of the bytes before) over `bytes`.
  package static func update(_ crc: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress else { return crc }
    let table = tables
    var c = ~crc
    var index = 0
    let count = bytes.count
    while count - index >= 8 {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let low = UInt32(truncatingIfNeeded: word) ^ c
      let high = UInt32(truncatingIfNeeded: word &>> 32)
      c = table[7 &* 256 &+ Int(low & 0xFF)]
        ^ table[6 &* 256 &+ Int((low &>> 8) & 0xFF)]
        ^ table[5 &* 256 &+ Int((low &>> 16) & 0xFF)]
        ^ table[4 &* 256 &+ Int(low &>> 24)]
        ^ table[3 &* 256 &+ Int(high & 0xFF)]
        ^ table[2 &* 256 &+ Int((high &>> 8) & 0xFF)]
        ^ table[256 &+ Int((high &>> 16) & 0xFF)]
        ^ table[Int(high &>> 24)]
      index &+= 8
    }
    while index < count {
      c = table[Int((c ^ UInt32(base.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)] ^ (c &>> 8)
      index &+= 1
    }
    return ~c
  }

  /// The same CRC one byte at a time, the textbook definition the tests hold the fast path to.
  package static func reference(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 == 1 ? (c &>> 1) ^ 0xEDB8_8320 : c &>> 1 }
    }
    return ~c
  }

  /// Eight tables of 256 entries: `tables[k * 256 + n]` is the CRC of byte `n` followed by `k`
  /// zero bytes. Allocated once and never freed, so the hot loop reads it without retaining.
  nonisolated(unsafe) static let tables: UnsafePointer<UInt32> = {
    // NB: written once by the lazy global initializer (which is thread-safe), read-only after.
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 == 1 ? (c &>> 1) ^ 0xEDB8_8320 : c &>> 1 }
      table[n] = c
    }
    for k in 1..<8 {
      for n in 0..<256 {
        let previous = table[(k - 1) * 256 + n]
        table[k * 256 + n] = (previous &>> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return UnsafePointer(table)
  }()
}
