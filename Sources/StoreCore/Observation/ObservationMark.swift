import Dispatch

/// The store a copy of an ``ObservableState`` was read from, which its fields' getters report
/// their reads to, and the fields its setters wrote since the store last looked.
///
/// No reference, so a state that was plain old data stays so and the byte-wise binding index
/// still compares it. Two marks are always equal and hash to nothing: which store a value was
/// read from, and what was written to it, are not part of its value.
public struct ObservationMark: Sendable, Hashable {
  /// The reader's number in ``StateReaders``; 0 for a value not read from a store.
  @usableFromInline var reader: UInt32
  /// The commit whose writes ``written`` holds: stamped into a store's own state after each
  /// commit its binding index compares (``WriteEpochs``), 0 in a value made anywhere else. A
  /// value whose epoch is not the one the store stamped (a state replaced whole, a copy kept
  /// from an earlier commit) tells nothing of what changed, and the store compares it all.
  @usableFromInline var writeEpoch: UInt64
  /// One bit per field group (a field's `TrackedField.writeBit`): set by the field's setter.
  @usableFromInline var written: UInt64

  public init() {
    reader = 0
    writeEpoch = 0
    written = 0
  }

  init(reader: UInt32) {
    self.reader = reader
    writeEpoch = 0
    written = 0
  }

  /// Notes that the field whose `TrackedField.writeBit` is `bit` was written: what each
  /// setter of an `@ObservableState` field does before it stores. One `or`, so a reducer's
  /// write costs about what it costs on a plain struct.
  @inlinable
  public mutating func noteWrite(_ bit: Int) {
    written |= 1 &<< UInt64(truncatingIfNeeded: bit)
  }

  /// Whether this copy came from a store's `state`: only then is a read reported.
  @inlinable public var isFromStore: Bool { reader != 0 }

  /// Tells the store this copy came from that the field at `keyPath` was read, so Observation
  /// sees that field alone.
  public func access<Root, Value: Equatable>(_ keyPath: KeyPath<Root, Value>) {
    StateReaders.read(keyPath, by: reader)
  }

  /// A field whose type is not `Equatable` cannot be compared on its own: its read observes
  /// the whole state, as a read of a plain state's `store.state` does.
  @_disfavoredOverload
  public func access<Root, Value>(_ keyPath: KeyPath<Root, Value>) {
    StateReaders.readWhole(by: reader)
  }

  public static func == (_: ObservationMark, _: ObservationMark) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// What a store or a scoped store does when a field of a state it handed out is read.
@MainActor
protocol StateReader: AnyObject {
  func observeRead<Root, Value: Equatable>(of keyPath: KeyPath<Root, Value>)
  func observeReadOfWholeState()
}

/// The stores whose states were read as ``ObservableState``, by number, held weakly: a copy
/// of a state can outlive its store, and its reads then go nowhere.
@MainActor
enum StateReaders {
  private static var readers: [UInt32: Entry] = [:]
  private static var nextNumber: UInt32 = 1

  /// While a store tells Observation of a change: the reads an observer makes then (a view
  /// that observes again at once) are a view's reads, even while the store is folding.
  static var isTellingObservers = false

  /// Tells observers with `tell`, their reads counted as a view's (``isTellingObservers``).
  static func tellingObservers(_ tell: () -> Void) {
    let outer = isTellingObservers
    isTellingObservers = true
    defer { isTellingObservers = outer }
    tell()
  }

  /// Whether a read reported to a store that is folding or not is a view's. While it folds,
  /// only an observer told of a change reads as a view: any other read is the reducer's, a
  /// binding's or a plugin's, through a copy of the state that was read from the store and
  /// sent back into it (`.replace(store.state)`), and must not be watched as a view's.
  static func countsRead(whileFolding isFolding: Bool) -> Bool {
    !isFolding || isTellingObservers
  }

  private struct Entry {
    weak var reader: (any StateReader)?
  }

  static func register(_ reader: any StateReader) -> UInt32 {
    let number = nextNumber
    // 0 means "not from a store"; after four billion stores, numbering starts again.
    nextNumber = nextNumber == .max ? 1 : nextNumber + 1
    readers[number] = Entry(reader: reader)
    return number
  }

  static func unregister(_ number: UInt32) {
    readers[number] = nil
  }

  // NB: Reads are reported on the main actor only: the stores are main-actor objects, and a
  //     copy read elsewhere is not in a view's body. The main actor runs on the main queue,
  //     which is not always the main thread (Swift Testing on Linux runs it on another), so the
  //     queue is asked, through a key set on it.
  nonisolated private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  nonisolated private static var isOnMainActor: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  nonisolated static func read<Root, Value: Equatable>(_ keyPath: KeyPath<Root, Value>, by number: UInt32) {
    guard number != 0, isOnMainActor else { return }
    // A key path is immutable: handing it to the main actor shares nothing that can change.
    nonisolated(unsafe) let keyPath = keyPath
    MainActor.assumeIsolated { reporting { readers[number]?.reader?.observeRead(of: keyPath) } }
  }

  nonisolated static func readWhole(by number: UInt32) {
    guard number != 0, isOnMainActor else { return }
    MainActor.assumeIsolated { reporting { readers[number]?.reader?.observeReadOfWholeState() } }
  }

  /// While a read is being reported. Watching a field reads it from the store's own state, which
  /// carries a mark when a copy was sent back into it: that read is the store's, and reporting
  /// it from inside the first report would start watching the field again, re-entrantly.
  private static var isReporting = false

  private static func reporting(_ report: () -> Void) {
    guard !isReporting else { return }
    isReporting = true
    defer { isReporting = false }
    report()
  }
}

extension ObservationMark {
  /// What writes a mark into a copy of `State`, when `State` is an ``ObservableState``.
  static func marker<State>(for _: State.Type) -> ((inout State, ObservationMark) -> Void)? {
    guard let observable = State.self as? any ObservableState.Type else { return nil }
    return marker(as: observable)
  }

  private static func marker<State, Marked: ObservableState>(
    as _: Marked.Type
  ) -> (inout State, ObservationMark) -> Void {
    // `State` is `Marked` (the cast above said so), so the mark's key path is one from `State`:
    // cast once here, it writes the mark in place, with no copy of the state.
    let markPath = \Marked._$observation as! WritableKeyPath<State, ObservationMark>
    return { state, mark in state[keyPath: markPath] = mark }
  }
}
