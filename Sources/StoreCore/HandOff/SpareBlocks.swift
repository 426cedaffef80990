import Synchronization

/// Blocks the writer has emptied, on their way back to the store to be filled again: a ring
/// with one producer (the writer) and one consumer (the store), and no lock.
///
/// Why no lock: the store takes a spare block every 1,024 commits, in the middle of a burst,
/// while the writer may be handing one back. With a lock between them, a writer switched out
/// while it held it (a busy host: 4 ms slices) left the store's thread waiting for the rest of
/// the slice. W4 under a build measured such waits of 1.3–7 ms inside runs of 1.3.
///
/// A block comes back only once the writer has moved every commit out of it, so the store
/// finds its actions uninitialized, and ``CommitBlock/start()`` resets its stamps.
final class SpareBlocks<Action>: @unchecked Sendable {
  // NB: @unchecked: a slot is written by the writer only while the store is not reading it,
  //     and the counts (release/acquire) say which slots those are.
  // NB: Each slot holds a strong reference, moved in by `put` (which consumes the block) and
  //     moved out by `take`: no retain or release happens inside either. When `put` retained
  //     the block itself (`Unmanaged.passRetained`, or storing a copy), the optimizer moved the
  //     retain past the release store of `returned` that publishes the slot, which nothing in
  //     its model forbids: the store then took the block, used it and released it to zero
  //     while the writer still held it ("CommitBlock deallocated with non-zero retain count
  //     2": SpareBlocksTests' two-thread test, optimized builds only, 2–3 runs in 40).
  private let slots: UnsafeMutablePointer<CommitBlock<Action>>
  let capacity: Int
  /// How many blocks the writer has put in, ever. Only the writer stores it.
  private let returned = Atomic<Int>(0)
  /// How many blocks the store has taken out, ever. Only the store stores it.
  private let reused = Atomic<Int>(0)

  /// - Parameter capacity: the most blocks kept; one more is freed instead.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
    slots = .allocate(capacity: self.capacity)
  }

  deinit {
    for index in reused.load(ordering: .acquiring)..<returned.load(ordering: .acquiring) {
      (slots + index % capacity).deinitialize(count: 1)
    }
    slots.deallocate()
  }

  /// The writer's side: keeps `block` for the store, unless `capacity` blocks wait already
  /// (then it is freed, and this returns false).
  @discardableResult
  func put(_ block: consuming CommitBlock<Action>) -> Bool {
    let count = returned.load(ordering: .relaxed)
    // Acquire: the store has finished reading the slot this overwrites.
    guard count - reused.load(ordering: .acquiring) < capacity else { return false }
    (slots + count % capacity).initialize(to: block)
    returned.store(count + 1, ordering: .releasing)
    return true
  }

  /// The store's side: a block the writer emptied, or `nil` when none waits.
  func take() -> CommitBlock<Action>? {
    let count = reused.load(ordering: .relaxed)
    guard count < returned.load(ordering: .acquiring) else { return nil }
    let block = (slots + count % capacity).move()
    reused.store(count + 1, ordering: .releasing)
    return block
  }
}
