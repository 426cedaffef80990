/// A state whose fields tell Observation of their reads one by one: what the
/// `@ObservableState` macro (the `StateObservation` product) makes of a struct.
///
/// A copy of such a state read from a store (`store.state`) carries a mark of that store, and
/// each tracked field's getter reports its read to it, so `store.state.count` in a SwiftUI
/// view's body (or in `withObservationTracking`) is invalidated by a change of `count` and by
/// nothing else. The store finds what changed with its byte-wise binding index, as it does
/// for `store.count`. Each setter also sets its field's bit in the mark (``ObservationMark``),
/// so that after a commit the index compares only the fields that were written, not the whole
/// state (`TrackedField.writeBit`).
///
/// Write `@ObservableState` rather than conforming by hand: the macro moves each field's
/// storage to `_name`, keeps the state's `Codable` form as it was (`CodingKeys` name the fields
/// without the underscore) and its `Mirror` too, so logs, digests, diffs and `TestStore`
/// failures read the same.
public protocol ObservableState {
  /// Which store this copy was read from; none in the store's own state and in a value made
  /// anywhere else.
  var _$observation: ObservationMark { get set }
  /// The fields the macro tracks: their key paths, names and the offsets of their storage.
  static var _$trackedFields: [TrackedField] { get }
  /// Where `_$observation` lies in the state, so that the store can stamp the mark and read
  /// which fields were written. `nil` (the default) when the state's setters do not note their
  /// writes: the store then compares every watched byte after each commit.
  static var _$observationOffset: Int? { get }
}

extension ObservableState {
  public static var _$observationOffset: Int? { nil }
}

/// A field that `@ObservableState` tracks.
///
/// Written by the macro's expansion only (in `_$trackedFields`): it says where
/// a field's storage lies in the state, which is the macro's business, not an app's. Hidden
/// from the documentation for that reason; public because the expansion is compiled in the
/// app's module.
@_documentation(visibility: internal)
public struct TrackedField {
  /// The field's name as written: `count`, not its storage's `_count`.
  public let name: String
  /// The field's key path (`\State.count`), which goes through its getter.
  public let keyPath: AnyKeyPath
  /// Where the field's storage lies in the state, so that a binding on `\.count` reads the
  /// bytes as it would on a plain stored property, and the byte-wise index watches them.
  public let storageOffset: Int?
  /// The bit the field's setter sets in the mark (``ObservationMark/noteWrite(_:)``), 0 to 63:
  /// a hash of its name, so several fields may share one and are then compared together.
  /// `nil` for a field whose setter notes nothing, which is compared after every commit.
  public let writeBit: Int?

  public init(name: String, keyPath: AnyKeyPath, storageOffset: Int?, writeBit: Int? = nil) {
    self.name = name
    self.keyPath = keyPath
    self.storageOffset = storageOffset
    self.writeBit = writeBit
  }
}

extension ObservableState {
  /// The storage offset of the tracked field at `keyPath`, or `nil` when it is not one.
  static func storageOffset(of keyPath: AnyKeyPath) -> Int? {
    _$trackedFields.first { $0.keyPath == keyPath }?.storageOffset
  }
}

/// The byte offset of the value `keyPath` reads in a `State`: a stored property's own, or the
/// storage behind a field of an `@ObservableState` state. `nil` when neither.
@inlinable
func storedOffset<State, Value>(of keyPath: KeyPath<State, Value>) -> Int? {
  if let offset = MemoryLayout<State>.offset(of: keyPath) { return offset }
  return trackedStorageOffset(of: keyPath, in: State.self)
}

@usableFromInline
func trackedStorageOffset<State>(of keyPath: AnyKeyPath, in _: State.Type) -> Int? {
  guard let observable = State.self as? any ObservableState.Type else { return nil }
  return observable.storageOffset(of: keyPath)
}
