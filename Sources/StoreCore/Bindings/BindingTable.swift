public import Foundation

/// Every binding of one store, and the dispatch that tells them about a commit.
///
/// Two ways to find the bindings to check:
/// - **Scan**: check every binding. Cheapest for a handful of bindings.
/// - **Index**: bindings on stored properties are indexed by the 8-byte words of `State` that
///   they read. After a commit the table compares the new state with a retained copy of the
///   previous one, word by word (memcmp in blocks), and checks only the bindings over words that
///   differ. The cost then follows what changed, not how many bindings exist. Equal bytes imply
///   an equal value because the copy is retained: a copy-on-write buffer that was mutated was
///   copied first, so its pointer changed. Different bytes are only a hint; `==` decides.
///   Only the words some binding reads are compared (`watchedRanges`), so a large state whose
///   bindings watch a small part of it costs what that part costs. An `@ObservableState` state
///   says which fields its setters wrote (``WrittenFieldRanges``): only their words are compared
///   then, so a commit that changes one field costs the same whatever the state's size.
///
/// Bindings on computed properties and selectors are always scanned. The dispatch itself is
/// `Store.dispatchBindings()`, so that it is specialized with the store.
@MainActor
@usableFromInline
final class BindingTable<State> {
  // NB: Unchecked exclusivity on the fields a dispatch reads: only the table touches them, on
  //     the main actor, one dispatch at a time. With the checks, W1 took 5 times as long and
  //     W2 3 times (docs/unsafe-code.md).
  @usableFromInline @exclusivity(unchecked) var scanned = BindingList<State>()
  @usableFromInline @exclusivity(unchecked) var indexed = BindingList<State>()
  /// For each 8-byte word of State, the indexed bindings that read it. Unretained: `indexed`
  /// holds each box until compaction, which never runs during a dispatch, so a dispatch lends
  /// them without the retain and release around each callback that an array of references
  /// costs.
  @usableFromInline @exclusivity(unchecked) var bindingsByWord: [ContiguousArray<Unmanaged<AnyBindingBox<State>>>] = []
  /// The state the bindings last saw, kept only while the index is in use.
  @usableFromInline @exclusivity(unchecked) var previous: State?
  /// The bytes of State that indexed bindings read, as ordered, merged ranges of whole words:
  /// what a commit compares. For a plain-old-data State, `previous` is kept up to date in these
  /// ranges only. Made again at the next commit after a binding is added or dropped.
  @usableFromInline @exclusivity(unchecked) var watchedRanges: [Range<Int>] = []
  @usableFromInline @exclusivity(unchecked) var watchedRangesAreStale = false
  /// For an `@ObservableState` State: the watched words by the fields over them, made with
  /// `watchedRanges`.
  @usableFromInline @exclusivity(unchecked) var writtenFieldRanges: WrittenFieldRanges?
  /// The epoch stamped into the state's mark after the last commit compared; 0 until one has,
  /// and again whenever `previous` is made anew (nothing is known then of what differs).
  @usableFromInline @exclusivity(unchecked) var stampedEpoch: UInt64 = 0
  /// Set when a binding was added during a dispatch: `previous` is copied whole after it.
  @usableFromInline @exclusivity(unchecked) var previousIsStale = false
  @usableFromInline @exclusivity(unchecked) var hasInactive = false
  /// Set while `Store.dispatchBindings()` walks the arrays, which must not change under it.
  @usableFromInline @exclusivity(unchecked) var isDispatching = false

  /// Below this many indexed bindings, checking each one beats keeping the previous state.
  @usableFromInline static var indexThreshold: Int { 16 }

  nonisolated init() {}

  // Isolated: the lists are not Sendable. The store's own deinit is isolated, so this one
  // normally runs at once, on the main actor.
  isolated deinit {
    scanned.releaseAll()
    indexed.releaseAll()
  }

  /// Checks every active box of `indexed` (or of `scanned`) that was there when the dispatch
  /// began; one that a callback adds starts from the state it was bound at.
  @inlinable
  func checkEvery(indexed useIndexed: Bool, _ state: UnsafePointer<State>) {
    let count = useIndexed ? indexed.count : scanned.count
    var index = 0
    while index < count {
      // Reloaded each time: a callback that binds may have moved the storage.
      let box = (useIndexed ? indexed.base : scanned.base).unsafelyUnwrapped[index]
      _withGuaranteed(box) { box in
        if box.isActive { box.check(state) }
      }
      index &+= 1
    }
  }

  @inlinable
  var isEmpty: Bool { scanned.isEmpty && indexed.isEmpty }

  var count: Int { scanned.count + indexed.count }

  @inlinable
  var usesIndex: Bool { indexed.count >= Self.indexThreshold }

  func add(_ box: AnyBindingBox<State>, currentState: State) {
    guard let bytes = box.watchedBytes else {
      scanned.append(box)
      return
    }
    indexed.append(box)
    if bindingsByWord.isEmpty {
      bindingsByWord = Array(repeating: [], count: (MemoryLayout<State>.size + 7) / 8)
    }
    for word in (bytes.lowerBound / 8)..<((bytes.upperBound + 7) / 8) {
      bindingsByWord[word].append(.passUnretained(box))
    }
    watchedRangesAreStale = true
    if usesIndex && previous == nil {
      previous = currentState
      stampedEpoch = 0
    } else if previous != nil && _isPOD(State.self) {
      // A plain-old-data `previous` is patched only where bindings watch: these words may be
      // older than the state the new binding starts from, and a change back to what they hold
      // would then go unseen. Not while a dispatch compares them (a callback that binds): that
      // would hide this commit's change from the bindings already there. Then the whole of
      // `previous` is brought up to date once the dispatch is over.
      if isDispatching {
        previousIsStale = true
      } else {
        refreshPrevious(words: bytes, from: currentState)
      }
    }
  }

  private func refreshPrevious(words bytes: Range<Int>, from currentState: State) {
    let start = bytes.lowerBound / 8 * 8
    let end = min((bytes.upperBound + 7) / 8 * 8, MemoryLayout<State>.size)
    withUnsafeBytes(of: currentState) { current in
      _withUnsafeMutablePointer(to: &previous!) { old in
        (UnsafeMutableRawPointer(old) + start).copyMemory(from: current.baseAddress! + start, byteCount: end - start)
      }
    }
  }

  /// Merges the words that some binding reads into ranges.
  @usableFromInline
  func updateWatchedRanges() {
    watchedRangesAreStale = false
    let size = MemoryLayout<State>.size
    var ranges: [Range<Int>] = []
    var start: Int?
    for word in bindingsByWord.indices {
      if !bindingsByWord[word].isEmpty {
        if start == nil { start = word * 8 }
      } else if let first = start {
        ranges.append(first..<(word * 8))
        start = nil
      }
    }
    if let first = start { ranges.append(first..<size) }
    watchedRanges = ranges
    writtenFieldRanges = WrittenFieldRanges(of: State.self, watched: ranges)
  }

  func remove(_ box: AnyBindingBox<State>) {
    guard box.isActive else { return }
    box.isActive = false
    hasInactive = true
    // The box holds the binding's callback, which may capture the store: kept until the next
    // commit, it kept a store that was dropped before then alive for good. So it goes now,
    // unless a dispatch is walking the arrays (which compacts them when it ends).
    if !isDispatching { compact() }
  }

  /// Checks the bindings over the words that changed, and brings `previous` up to date. The
  /// state is mutable only for its mark: the next epoch is stamped into it at the end.
  @inlinable
  func dispatchIndexed(_ mutableState: UnsafeMutablePointer<State>, seq: UInt64) {
    if watchedRangesAreStale { updateWatchedRanges() }
    let state = UnsafePointer(mutableState)
    // For a plain-old-data State (no references), `previous` is patched block by block, so an
    // action that changes one field copies 128 bytes, not the whole state. Otherwise it is
    // assigned whole, which retains what it must.
    let isPOD = _isPOD(State.self)
    let written = writtenFieldRanges
    _withUnsafeMutablePointer(to: &previous!) { old in
      let new = UnsafeRawPointer(state)
      let old = UnsafeMutableRawPointer(old)
      if let written, stampedEpoch != 0,
        new.load(fromByteOffset: written.epochOffset, as: UInt64.self) == stampedEpoch
      {
        compareWritten(written, new: new, old: old, patching: isPOD, state: state, seq: seq)
      } else {
        for range in watchedRanges {
          compare(range, new: new, old: old, patching: isPOD, state: state, seq: seq)
        }
      }
    }
    if !isPOD { previous = state.pointee }
    if let written {
      stampedEpoch = WriteEpochs.next()
      let mark = UnsafeMutableRawPointer(mutableState)
      mark.storeBytes(of: stampedEpoch, toByteOffset: written.epochOffset, as: UInt64.self)
      mark.storeBytes(of: 0, toByteOffset: written.writtenOffset, as: UInt64.self)
    }
  }

  /// Compares the words of the fields the state's setters wrote since the last stamp, and the
  /// words no setter reports. Every other watched word still equals `previous`'s: it was equal
  /// after the last commit, and only a setter (which set its bit) could have changed it since
  /// without replacing the state whole (which changes its epoch).
  @inlinable
  func compareWritten(
    _ written: WrittenFieldRanges, new: UnsafeRawPointer, old: UnsafeMutableRawPointer, patching: Bool,
    state: UnsafePointer<State>, seq: UInt64
  ) {
    for range in written.alwaysCompared {
      compare(range, new: new, old: old, patching: patching, state: state, seq: seq)
    }
    var bits = new.load(fromByteOffset: written.writtenOffset, as: UInt64.self)
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      for index in written.starts[bit]..<written.starts[bit &+ 1] {
        let range = written.ranges[index]
        if range.count == 8 {
          // A field of one word, the common case: no call, no loop.
          let word = new.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)
          if word != old.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self) {
            checkBindings(overWord: range.lowerBound / 8, state: state, seq: seq)
            if patching { old.storeBytes(of: word, toByteOffset: range.lowerBound, as: UInt64.self) }
          }
        } else if range.count > 128 {
          compare(range, new: new, old: old, patching: patching, state: state, seq: seq)
        } else if checkWords(from: range.lowerBound, length: range.count, new: new, old: old, state: state, seq: seq),
          patching
        {
          (old + range.lowerBound).copyMemory(from: new + range.lowerBound, byteCount: range.count)
        }
      }
    }
  }

  /// Compares one watched range: coarse blocks first, then fine ones inside a coarse block that
  /// differs. One memcmp call costs about as much as comparing a few hundred bytes, so a large
  /// range with one changed field takes a few coarse calls, not one per 128 bytes.
  @inlinable
  func compare(
    _ range: Range<Int>, new: UnsafeRawPointer, old: UnsafeMutableRawPointer, patching: Bool,
    state: UnsafePointer<State>, seq: UInt64
  ) {
    let coarse = 2048
    let fine = 128
    var start = range.lowerBound
    while start < range.upperBound {
      let end = min(start + coarse, range.upperBound)
      if memcmp(new + start, old + start, end - start) != 0 {
        var block = start
        while block < end {
          let length = min(fine, end - block)
          if memcmp(new + block, old + block, length) != 0 {
            checkWords(from: block, length: length, new: new, old: UnsafeRawPointer(old), state: state, seq: seq)
            if patching { (old + block).copyMemory(from: new + block, byteCount: length) }
          }
          block += fine
        }
      }
      start = end
    }
  }

  /// Checks the bindings over each word of `start..<start + length` that differs; returns
  /// whether any did. Whole words are compared as integers, not with a memcmp call each.
  @inlinable
  @discardableResult
  func checkWords(
    from start: Int, length: Int,
    new: UnsafeRawPointer, old: UnsafeRawPointer,
    state: UnsafePointer<State>, seq: UInt64
  ) -> Bool {
    var changed = false
    var offset = start
    while offset < start + length {
      let width = min(8, start + length - offset)
      let differs =
        width == 8
        ? new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        : memcmp(new + offset, old + offset, width) != 0
      if differs {
        changed = true
        checkBindings(overWord: offset / 8, state: state, seq: seq)
      }
      offset += 8
    }
    return changed
  }

  /// Checks the bindings over one word that changed, each once per commit.
  @inlinable
  func checkBindings(overWord word: Int, state: UnsafePointer<State>, seq: UInt64) {
    for box in bindingsByWord[word] {
      _withGuaranteed(box) { box in
        if box.isActive && box.checkedAt != seq {
          box.checkedAt = seq
          box.check(state)
        }
      }
    }
  }

  @usableFromInline
  func compact() {
    hasInactive = false
    // The dropped boxes are released only once every array is whole again. Releasing a box
    // releases its callback, and its captures' deinits may run any code, such as cancelling
    // another binding, which comes back here (`remove` compacts at once).
    var dropped: [Unmanaged<AnyBindingBox<State>>] = []
    scanned.removeInactive(into: &dropped)
    indexed.removeInactive(into: &dropped)
    for word in bindingsByWord.indices where bindingsByWord[word].contains(where: { !_withGuaranteed($0, \.isActive) }) {
      // Still alive: `dropped` holds a reference to each of these boxes until the end.
      bindingsByWord[word].removeAll { !_withGuaranteed($0, \.isActive) }
    }
    watchedRangesAreStale = true
    if !usesIndex {
      previous = nil
      stampedEpoch = 0
    }
    for box in dropped { box.release() }
  }
}
