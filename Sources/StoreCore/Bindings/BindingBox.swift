/// One binding as the table stores it: a check that looks at a state and calls back when the
/// part it watches has changed.
///
/// The check is a closure made where `bind` is called (it is `@inlinable`), so it is
/// specialized for the bound value's type: the dispatch calls it without generic metadata
/// lookups.
@MainActor
@usableFromInline
final class AnyBindingBox<State> {
  /// The bytes of `State` this binding reads, when it reads a stored property (or a path of
  /// stored properties). `nil` for computed properties and selector closures.
  @usableFromInline let watchedBytes: Range<Int>?
  @usableFromInline @exclusivity(unchecked) var isActive = true
  /// The commit at which this box was last checked, so a box spanning several changed words is
  /// checked once per commit.
  @usableFromInline @exclusivity(unchecked) var checkedAt: UInt64 = 0
  @usableFromInline let check: @MainActor (UnsafePointer<State>) -> Void

  @usableFromInline
  init(watchedBytes: Range<Int>?, check: @escaping @MainActor (UnsafePointer<State>) -> Void) {
    self.watchedBytes = watchedBytes
    self.check = check
  }

  /// A binding on `keyPath`, deduplicated by `==` against the last value it delivered.
  @inlinable
  static func keyPath<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    initial: Value,
    onChange: @escaping @MainActor (Value) -> Void
  ) -> AnyBindingBox {
    let last = LastValue(initial)
    // A key path of stored properties has a fixed offset: read the value straight from
    // memory, which is several times cheaper than a key-path projection (W1 2.9×, W3 1.4× with
    // the projection, docs/unsafe-code.md). So has a field of an `@ObservableState` state: its
    // storage's.
    guard let offset = storedOffset(of: keyPath) else {
      return AnyBindingBox(watchedBytes: nil) { state in
        let value = state.pointee[keyPath: keyPath]
        guard value != last.value else { return }
        last.value = value
        onChange(value)
      }
    }
    return AnyBindingBox(watchedBytes: offset..<(offset + MemoryLayout<Value>.size)) { state in
      let value = UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    }
  }

  /// A binding on a selector closure (derived state that is not a key path).
  @inlinable
  static func selector<Value: Equatable>(
    _ select: @escaping @MainActor (State) -> Value,
    initial: Value,
    onChange: @escaping @MainActor (Value) -> Void
  ) -> AnyBindingBox {
    let last = LastValue(initial)
    return AnyBindingBox(watchedBytes: nil) { state in
      let value = select(state.pointee)
      guard value != last.value else { return }
      last.value = value
      onChange(value)
    }
  }
}

/// The value a binding last delivered. A class with an unchecked property rather than a
/// captured `var`: a captured `var` lives in a box whose every read and write is checked for
/// exclusivity at run time (two checks per commit and binding). Only the binding's own check
/// closure touches it, on the main actor.
@usableFromInline
final class LastValue<Value> {
  @usableFromInline @exclusivity(unchecked) var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}
