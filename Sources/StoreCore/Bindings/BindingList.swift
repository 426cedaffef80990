/// The boxes of one kind of binding (scanned or indexed), in the order they were added, in
/// memory the table manages itself.
///
/// Not a `ContiguousArray`: walking an array held by a class retains and releases its buffer,
/// and calling each box's check retains and releases the check's context, four atomic
/// operations per commit that cost more than the rest of a one-binding dispatch (measured with
/// such an array: W1 2.7×, W3 1.3×, docs/unsafe-code.md). Here the list
/// holds one reference per box (taken in ``append(_:)``, handed back by
/// ``removeInactive(into:)``, given back by ``releaseAll()``), and the table's dispatch
/// (`BindingTable.checkEvery`) lends each box through `_withGuaranteed` without retaining it.
///
/// Boxes are only appended, and removed only by ``removeInactive(into:)``, which the table runs
/// after a dispatch, so indices are stable while a dispatch walks the list.
@usableFromInline
struct BindingList<State> {
  @usableFromInline var base: UnsafeMutablePointer<Unmanaged<AnyBindingBox<State>>>?
  @usableFromInline var count = 0
  var capacity = 0

  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  mutating func append(_ box: AnyBindingBox<State>) {
    if count == capacity {
      let larger = max(4, capacity * 2)
      let storage = UnsafeMutablePointer<Unmanaged<AnyBindingBox<State>>>.allocate(capacity: larger)
      if let base {
        storage.moveInitialize(from: base, count: count)
        base.deallocate()
      }
      base = storage
      capacity = larger
    }
    (base! + count).initialize(to: .passRetained(box))
    count += 1
  }

  /// Drops the boxes whose binding ended, keeping the order of the others, and hands their
  /// references to `dropped` for the caller to release once its own arrays are whole again.
  @MainActor
  mutating func removeInactive(into dropped: inout [Unmanaged<AnyBindingBox<State>>]) {
    guard let base else { return }
    var kept = 0
    for index in 0..<count {
      let box = base[index]
      if box._withUnsafeGuaranteedRef({ $0.isActive }) {
        base[kept] = box
        kept += 1
      } else {
        dropped.append(box)
      }
    }
    count = kept
  }

  /// Releases every box and the memory; the list is empty afterwards.
  mutating func releaseAll() {
    guard let base else { return }
    for index in 0..<count { base[index].release() }
    base.deallocate()
    self.base = nil
    count = 0
    capacity = 0
  }
}

/// `Unmanaged._withUnsafeGuaranteedRef`, called with a closure value rather than a literal, so
/// that a main-actor closure needs no dynamic isolation check (see ``Store/dispatchBindings()``).
@inlinable
func _withGuaranteed<T: AnyObject, R>(_ reference: Unmanaged<T>, _ body: (T) throws -> R) rethrows -> R {
  try reference._withUnsafeGuaranteedRef(body)
}
