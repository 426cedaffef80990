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
///
/// Bindings on computed properties and selectors are always scanned. The dispatch itself is
/// `Store.dispatchBindings()`, so that it is specialized with the store.
@MainActor
@usableFromInline
final class BindingTable<State> {
  @usableFromInline @exclusivity(unchecked) var scanned = BindingList<State>()
  @usableFromInline @exclusivity(unchecked) var indexed = BindingList<State>()
  /// For each 8-byte word of State, the indexed bindings that read it.
  @usableFromInline @exclusivity(unchecked) var bindingsByWord: [ContiguousArray<AnyBindingBox<State>>] = []
  /// The state the bindings last saw, kept only while the index is in use.
  @usableFromInline @exclusivity(unchecked) var previous: State?
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
      bindingsByWord[word].append(box)
    }
    if usesIndex && previous == nil { previous = currentState }
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

  /// Checks the bindings over the words that changed, and brings `previous` up to date.
  @inlinable
  func dispatchIndexed(_ state: UnsafePointer<State>, seq: UInt64) {
    // For a plain-old-data State (no references), `previous` is patched block by block, so an
    // action that changes one field copies 128 bytes, not the whole state. Otherwise it is
    // assigned whole, which retains what it must.
    let isPOD = _isPOD(State.self)
    _withUnsafeMutablePointer(to: &previous!) { old in
      let new = UnsafeRawPointer(state)
      let old = UnsafeMutableRawPointer(old)
      let size = MemoryLayout<State>.size
      // Coarse blocks first, then fine ones inside a coarse block that differs: one memcmp call
      // costs about as much as comparing a few hundred bytes, so a large state with one
      // changed field takes a few coarse calls, not one per 128 bytes.
      let coarse = 2048
      let fine = 128
      var start = 0
      while start < size {
        let end = min(start + coarse, size)
        if memcmp(new + start, old + start, end - start) != 0 {
          var block = start
          while block < end {
            let length = min(fine, end - block)
            if memcmp(new + block, old + block, length) != 0 {
              checkWords(from: block, length: length, new: new, old: UnsafeRawPointer(old), state: state, seq: seq)
              if isPOD { (old + block).copyMemory(from: new + block, byteCount: length) }
            }
            block += fine
          }
        }
        start = end
      }
    }
    if !isPOD { previous = state.pointee }
  }

  @inlinable
  func checkWords(
    from start: Int, length: Int,
    new: UnsafeRawPointer, old: UnsafeRawPointer,
    state: UnsafePointer<State>, seq: UInt64
  ) {
    var offset = start
    while offset < start + length {
      let width = min(8, start + length - offset)
      if memcmp(new + offset, old + offset, width) != 0 {
        for box in bindingsByWord[offset / 8] where box.isActive && box.checkedAt != seq {
          box.checkedAt = seq
          box.check(state)
        }
      }
      offset += 8
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
    for word in bindingsByWord.indices where bindingsByWord[word].contains(where: { !$0.isActive }) {
      // Never the last reference: `dropped` still holds one for each of these boxes.
      bindingsByWord[word].removeAll { !$0.isActive }
    }
    if !usesIndex { previous = nil }
    for box in dropped { box.release() }
  }
}
