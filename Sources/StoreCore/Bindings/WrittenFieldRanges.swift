/// The words of an ``ObservableState`` state that a commit compares, by what its setters wrote.
///
/// Each tracked field's setter sets its `TrackedField.writeBit` in the state's mark. After a
/// commit the binding index compares, of the words bindings watch, those under the fields of
/// each bit that is set, and those no tracked field covers (an ignored field, the mark itself,
/// padding), which no setter reports. One changed field of a 1,000-field state then costs a
/// few words, not the 8 KB.
///
/// Only while the mark holds the epoch the store stamped after its last commit
/// (``ObservationMark/writeEpoch``): a state replaced whole carries another epoch, and is
/// compared whole.
///
/// A class over buffers it owns, not a struct of arrays: a commit reads it between calls to
/// bindings' callbacks, and arrays held across those calls are retained and released each time,
/// which cost as much as the comparison.
@usableFromInline
final class WrittenFieldRanges {
  /// Where the mark's epoch and bits lie in the state.
  @usableFromInline let epochOffset: Int
  @usableFromInline let writtenOffset: Int
  /// The watched byte ranges (whole words, merged) under the fields of each bit: those of bit
  /// `b` are `ranges[starts[b]..<starts[b + 1]]`.
  @usableFromInline let ranges: UnsafeMutableBufferPointer<Range<Int>>
  @usableFromInline let starts: UnsafeMutableBufferPointer<Int>
  /// The watched words that hold a byte no tracked field covers, merged: compared after every
  /// commit.
  @usableFromInline let alwaysCompared: UnsafeMutableBufferPointer<Range<Int>>

  /// The ranges for the words `watched` of `State`; `nil` when its setters note no writes.
  init?<State>(of _: State.Type, watched: [Range<Int>]) {
    guard let observable = State.self as? any ObservableState.Type,
      let markOffset = observable._$observationOffset,
      let epochInMark = MemoryLayout<ObservationMark>.offset(of: \.writeEpoch),
      let writtenInMark = MemoryLayout<ObservationMark>.offset(of: \.written)
    else { return nil }
    let size = MemoryLayout<State>.size
    let wordCount = (size + 7) / 8
    // For each word: the bits of the tracked fields over it, and how many of its bytes they cover.
    var masks = [UInt64](repeating: 0, count: wordCount)
    var covered = [Int](repeating: 0, count: wordCount)
    for field in observable._$trackedFields {
      guard let offset = field.storageOffset, let bit = field.writeBit, (0..<64).contains(bit) else { continue }
      let end = offset + byteCount(of: type(of: field.keyPath).valueType)
      guard end > offset, end <= size else { continue }
      for word in (offset / 8)..<((end + 7) / 8) {
        masks[word] |= 1 << UInt64(bit)
        covered[word] += min(end, word * 8 + 8) - max(offset, word * 8)
      }
    }
    var byBit = [[Range<Int>]](repeating: [], count: 64)
    var always: [Range<Int>] = []
    for range in watched {
      for word in (range.lowerBound / 8)..<((range.upperBound + 7) / 8) {
        let bytes = (word * 8)..<min(word * 8 + 8, size)
        if covered[word] < bytes.count {
          Self.append(bytes, to: &always)
          continue
        }
        var bits = masks[word]
        while bits != 0 {
          Self.append(bytes, to: &byBit[bits.trailingZeroBitCount])
          bits &= bits - 1
        }
      }
    }
    epochOffset = markOffset + epochInMark
    writtenOffset = markOffset + writtenInMark
    ranges = Self.buffer(byBit.flatMap { $0 })
    starts = Self.buffer(byBit.reduce(into: [0]) { starts, ranges in starts.append(starts.last! + ranges.count) })
    alwaysCompared = Self.buffer(always)
  }

  deinit {
    ranges.deallocate()
    starts.deallocate()
    alwaysCompared.deallocate()
  }

  private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
    _ = buffer.initialize(from: elements)
    return buffer
  }

  /// Appends `bytes` to `ranges`, merged with the last range when they touch.
  private static func append(_ bytes: Range<Int>, to ranges: inout [Range<Int>]) {
    if let last = ranges.last, last.upperBound == bytes.lowerBound {
      ranges[ranges.count - 1] = last.lowerBound..<bytes.upperBound
    } else {
      ranges.append(bytes)
    }
  }
}

/// The epochs stamped into states' marks: one counter for every store, so that a copy of one
/// store's state sent into another never carries the epoch that store stamped.
@MainActor
@usableFromInline
enum WriteEpochs {
  @usableFromInline static var last: UInt64 = 0

  @inlinable
  static func next() -> UInt64 {
    last &+= 1
    return last
  }
}

/// The size of a value of `type`, a field's type seen through its key path.
private func byteCount(of type: Any.Type) -> Int {
  func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
  return _openExistential(type, do: size)
}
