/// One binding as the table stores it: something that can look at a state and call back when
/// the part it watches has changed.
@MainActor
@usableFromInline
class AnyBindingBox<State> {
  /// The bytes of `State` this binding reads, when it reads a stored property (or a path of
  /// stored properties). `nil` for computed properties and selector closures.
  let watchedBytes: Range<Int>?
  var isActive = true
  /// The commit at which this box was last checked, so a box spanning several changed words is
  /// checked once per commit.
  var checkedAt: UInt64 = 0

  init(watchedBytes: Range<Int>?) {
    self.watchedBytes = watchedBytes
  }

  /// Reads the watched value from `state` and calls back when it differs from the last one.
  func check(_ state: UnsafePointer<State>) {
    fatalError("AnyBindingBox.check must be overridden")
  }
}

/// A binding on `KeyPath<State, Value>`.
@MainActor
@usableFromInline
final class KeyPathBindingBox<State, Value: Equatable>: AnyBindingBox<State> {
  let keyPath: KeyPath<State, Value>
  /// The byte offset of the value when the key path names stored properties only: the value is
  /// then read straight from memory, which is several times cheaper than a key-path read.
  let offset: Int?
  var last: Value
  let onChange: (Value) -> Void

  init(keyPath: KeyPath<State, Value>, initial: Value, onChange: @escaping (Value) -> Void) {
    self.keyPath = keyPath
    let offset = MemoryLayout<State>.offset(of: keyPath)
    self.offset = offset
    self.last = initial
    self.onChange = onChange
    super.init(watchedBytes: offset.map { $0..<($0 + MemoryLayout<Value>.size) })
  }

  override func check(_ state: UnsafePointer<State>) {
    let value: Value =
      if let offset {
        UnsafeRawPointer(state).load(fromByteOffset: offset, as: Value.self)
      } else {
        state.pointee[keyPath: keyPath]
      }
    guard value != last else { return }
    last = value
    onChange(value)
  }
}

/// A binding on a selector closure (derived state that is not a key path).
@MainActor
@usableFromInline
final class SelectorBindingBox<State, Value: Equatable>: AnyBindingBox<State> {
  let select: (State) -> Value
  var last: Value
  let onChange: (Value) -> Void

  init(select: @escaping (State) -> Value, initial: Value, onChange: @escaping (Value) -> Void) {
    self.select = select
    self.last = initial
    self.onChange = onChange
    super.init(watchedBytes: nil)
  }

  override func check(_ state: UnsafePointer<State>) {
    let value = select(state.pointee)
    guard value != last else { return }
    last = value
    onChange(value)
  }
}
