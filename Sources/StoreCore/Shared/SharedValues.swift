public import Foundation
import IssueReporting
import JSONCodec
public import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where ``Shared`` values live between the fields that hold them: the value of each key (so
/// a field made later starts with it), the files behind file-backed keys, and the stores to
/// tell when a value changes.
///
/// - An app uses ``live``, the process's registry.
/// - Under a test runner each store has a registry of its own, taken from its initial state,
///   and each Swift Testing test has one for the fields it makes outside any store, in which
///   the first value a key is given stays (`@Shared(.syncUps) var syncUps = [syncUp]` seeds
///   the `SyncUpsList.State()` made after it): tests running side by side never share a value.
///   These registries read and write no file-backed key's file (its value stays in memory, as
///   in an in-memory file system), so a test never touches the app's data nor leaks into the
///   next test through a file. Tests that want several stores to share, or the real files, run
///   them in one registry: `SharedValues().withValues { … }`.
/// - A replay uses a registry that never touches a file, so it reproduces what the log says
///   the features saw.
///
/// Only a reducer's write counts: the store marks its thread while its reducer runs. A write
/// anywhere else (a copy of the state being redacted for the log, a view's copy) changes that
/// copy alone.
public final class SharedValues: Sendable {
  /// The registry in effect here: the folding store's, else the one ``withValues(_:)``
  /// installed, else ``live``; under a test runner, the current Swift Testing test's own (so
  /// that `@Shared(.key) var value = seed` in a test seeds the states the test makes after it),
  /// or one that remembers nothing outside a test's task.
  public static var current: SharedValues {
    folding ?? installed ?? (isTesting ? forCurrentTest() : live)
  }
  @TaskLocal static var installed: SharedValues?
  /// While an action from outside is decoded for a store (``Store/decodingAction(_:)``): that
  /// store's registry, whose values the shared fields decoded in the action take.
  @TaskLocal static var adopting: SharedValues?

  /// The process's registry.
  public static let live = SharedValues()
  /// Under a test runner, outside any store and registry: fields start at their defaults
  /// (never their files), and nothing is remembered.
  static let unscoped = SharedValues(touchesFiles: false, remembers: false)

  /// The registry of the Swift Testing test whose task this is, made when it first asks: it
  /// remembers the first value each key is given and touches no file, and no other test sees
  /// it (the cases of one parameterized test share it). ``unscoped`` outside such a task.
  static func forCurrentTest() -> SharedValues {
    guard case .swiftTesting(let testing?) = TestContext.current else { return unscoped }
    return testRegistries.registry(for: testing.test.id)
  }
  private static let testRegistries = TestRegistries()

  /// A store's own registry under a test runner: file-backed values stay in memory.
  static func forTestStore() -> SharedValues {
    SharedValues(touchesFiles: false)
  }

  /// Whether any shared field was ever made or decoded in this process: until then a store
  /// looks for none.
  static let anyExist = Atomic<Bool>(false)

  /// Whether a write is waiting to reach the other fields of its key; read after every fold
  /// (``fold(_:_:)``, which every fold of a state with shared fields goes through).
  private let writesPending = Atomic<Bool>(false)
  private var hasPendingWrites: Bool { writesPending.load(ordering: .relaxed) }
  static var mayExist: Bool { anyExist.load(ordering: .relaxed) }
  /// False for a replay's registry: files are neither read nor written.
  let touchesFiles: Bool
  /// False for ``unscoped``: every field starts afresh.
  let remembers: Bool
  private let registry = Mutex(Registry())

  /// A registry of its own, which reads and writes the files of file-backed keys (in a test
  /// too: install it with ``withValues(_:)`` to test what reaches the disk).
  public convenience init() {
    self.init(touchesFiles: true)
  }

  init(touchesFiles: Bool, remembers: Bool = true) {
    self.touchesFiles = touchesFiles
    self.remembers = remembers
  }

  // MARK: The folding thread

  /// The registry of the reducer running on this thread, if one is.
  static var folding: SharedValues? {
    pthread_getspecific(foldingKey).map { Unmanaged<SharedValues>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body`, a reducer, with `registry` taking its shared writes and giving the values of
  /// fields it makes.
  static func whileFolding<R>(_ registry: SharedValues, _ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(foldingKey)
    pthread_setspecific(foldingKey, Unmanaged.passUnretained(registry).toOpaque())
    defer { pthread_setspecific(foldingKey, previous) }
    return try withExtendedLifetime(registry) { try body() }
  }

  /// One fold of a state that holds shared fields, as the store, replay and `TestStore`'s
  /// assertions all make it: `body` (a reducer, or a test's assertion) runs with this registry
  /// taking its writes to shared fields; then every other field of a written key takes the new
  /// value, before anyone sees the state.
  ///
  /// - Returns: what `body` returned; the writes, and the shared fields `state` holds (both
  ///   empty when nothing was written).
  package func fold<State, Result>(
    _ state: inout State, _ body: (inout State) throws -> Result
  ) rethrows -> (result: Result, writes: [PendingWrite], fields: Set<String>) {
    let result = try Self.whileFolding(self) { try body(&state) }
    guard hasPendingWrites else { return (result, [], []) }
    let (writes, fields) = applyPendingWrites(to: &state)
    return (result, writes, fields)
  }

  private static let foldingKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// A registry for a replay: it starts empty and never touches a file.
  package static func replaying() -> SharedValues {
    SharedValues(touchesFiles: false)
  }

  /// A registry holding this one's values, that touches no file and tells no store: a
  /// ``TestStore``'s assertions write to it.
  func copyForAssertions() -> SharedValues {
    let copy = SharedValues(touchesFiles: false)
    let entries = registry.withLock { $0.entries }
    copy.registry.withLock { $0.entries = entries }
    return copy
  }

  /// Runs `operation` with this registry in effect: the shared fields made, decoded and written
  /// in it, and the stores made in it, use it.
  public func withValues<R>(_ operation: () throws -> R) rethrows -> R {
    try Self.$installed.withValue(self, operation: operation)
  }

  /// ``withValues(_:)`` for asynchronous work.
  public func withValues<R>(
    _ operation: () async throws -> R, isolation: isolated (any Actor)? = #isolation
  ) async rethrows -> R {
    try await Self.$installed.withValue(self, operation: operation)
  }

  static func noteSharedValuesExist() {
    if !anyExist.load(ordering: .relaxed) { anyExist.store(true, ordering: .relaxed) }
  }

  // MARK: Values

  /// The value `key` holds, reading its file the first time; `fallback` when it holds none.
  func value<Value: Codable & Equatable & Sendable>(for key: SharedKey<Value>, default fallback: Value) -> Value {
    Self.noteSharedValuesExist()
    if let element = key.element, let value = elementValue(element, as: Value.self) { return value }
    var problem: String?
    let value = registry.withLock { registry -> Value in
      if var entry = registry.entries[key.id] {
        if let value = entry.value as? Value { return value }
        // A change decoded as JSON before any field of this type met it.
        if let json = entry.value as? JSONValue, let value = try? json.decode(as: Value.self) {
          entry.value = value
          entry.typed = .of(Value.self)
          registry.entries[key.id] = entry
          return value
        }
        problem = "\(key) holds a \(type(of: entry.value)), not a \(Value.self): this field starts at its default and does not share"
        return fallback
      }
      var entry = Entry(value: fallback, file: key.file, typed: .of(Value.self))
      if touchesFiles, let file = key.file, let data = FileManager.default.contents(atPath: file.path) {
        entry.fileData = data
        do {
          entry.value = try JSONDecoder().decode(Value.self, from: data)
        } catch {
          problem = """
            \(file.path) is not a valid \(Value.self): \(error). \(key) starts at its default; the file is \
            left as it is until the value is written.
            """
        }
      }
      if remembers { registry.entries[key.id] = entry }
      return entry.value as! Value
    }
    if let problem { reportIssue(problem) }
    return value
  }

  /// The element as the array that holds it has it here; `nil` when this registry holds no
  /// such array, or it no such element.
  private func elementValue<Value: Decodable>(_ element: SharedElement, as type: Value.Type) -> Value? {
    guard let array = registry.withLock({ $0.entries[element.parentID]?.value }) else { return nil }
    return element.value(in: array, as: Value.self)
  }

  /// A reducer wrote `value` to an element of an array this registry holds: the array takes
  /// it, as a write of the array. Returns `false` when the registry holds no such array, or it
  /// no such element: the element is then shared under its own key, as any value.
  private func write<Value: Encodable>(_ value: Value, toElement element: SharedElement) -> Bool {
    guard let elementJSON = try? JSONValue(encoding: value) else { return false }
    let written = registry.withLock { registry -> (changed: Bool, done: Bool) in
      guard var array = registry.entries[element.parentID], let json = SharedElement.json(of: array.value),
        let replaced = element.replacing(in: json, with: elementJSON)
      else { return (false, false) }
      let newValue: any Sendable = array.typed.flatMap { try? $0.fromJSON(replaced) } ?? replaced
      let changed = array.typed.map { !$0.isEqual(array.value, newValue) } ?? (json != replaced)
      array.value = newValue
      registry.entries[element.parentID] = array
      registry.pending.append(PendingWrite(id: element.parentID, value: newValue, changed: changed, typed: array.typed))
      return (changed, true)
    }
    guard written.done else { return false }
    writesPending.store(true, ordering: .releasing)
    if written.changed { persist(element.parentID) }
    return true
  }

  /// A reducer wrote `value` to a field keyed `key`.
  func write<Value: Codable & Equatable & Sendable>(_ value: Value, to key: SharedKey<Value>) {
    if let element = key.element, write(value, toElement: element) { return }
    let typed = Typed.of(Value.self)
    let changed = registry.withLock { registry -> Bool in
      let changed = registry.entries[key.id].map { !typed.isEqual($0.value, value) } ?? true
      var entry = registry.entries[key.id] ?? Entry(value: value, file: key.file, typed: typed)
      entry.value = value
      entry.typed = typed
      registry.entries[key.id] = entry
      registry.pending.append(PendingWrite(id: key.id, value: value, changed: changed, typed: typed))
      return changed
    }
    writesPending.store(true, ordering: .releasing)
    if changed { persist(key.id) }
  }

  /// A ``SharedChange`` was folded (``SharedReducer``): its key takes its value.
  func write(_ change: SharedChange) {
    // The key as fields name it: an older log names a standard folder's file by its whole path.
    let key = SharedKey<JSONValue>(id: change.key)
    let id = key?.id ?? change.key
    let changed = registry.withLock { registry -> Bool in
      var entry = registry.entries[id] ?? Entry(value: change.value, file: key?.file, typed: nil)
      let value: any Sendable = entry.typed.flatMap { try? $0.fromJSON(change.value) } ?? change.value
      let changed = entry.typed.map { !$0.isEqual(entry.value, value) } ?? true
      entry.value = value
      registry.entries[id] = entry
      registry.pending.append(PendingWrite(id: id, value: value, changed: changed, typed: entry.typed))
      return changed
    }
    writesPending.store(true, ordering: .releasing)
    if changed { persist(id) }
  }

  /// Puts a decoded state's value in place, as no write: a replay starts where the log did.
  func seed<Value: Codable & Equatable & Sendable>(_ value: Value, for key: SharedKey<Value>) {
    registry.withLock { registry in
      var entry = registry.entries[key.id] ?? Entry(value: value, file: key.file, typed: .of(Value.self))
      entry.value = value
      entry.typed = .of(Value.self)
      registry.entries[key.id] = entry
    }
  }

  /// The writes since the last call, in order.
  func takePendingWrites() -> [PendingWrite] {
    writesPending.store(false, ordering: .relaxed)
    return registry.withLock { registry in
      defer { registry.pending.removeAll() }
      return registry.pending
    }
  }

  /// Passes the writes made since the last call to every other field of their keys in `state`.
  /// Returns the writes, and the shared fields `state` holds; reports (and leaves `state` as it
  /// is) when `state` cannot be encoded and decoded again.
  func applyPendingWrites<State>(to state: inout State) -> (writes: [PendingWrite], fields: Set<String>) {
    let writes = takePendingWrites()
    guard !writes.isEmpty else { return ([], []) }
    var replacements: [String: any Sendable] = [:]
    for write in writes { replacements[write.id] = write.value }
    do {
      let fields = try SharedPropagation.apply(replacements, to: &state)
      return (writes, fields.ids)
    } catch {
      reportIssue("\(error). Written: \(writes.map(\.id).joined(separator: ", ")).")
      return (writes, [])
    }
  }

  /// Takes the values of the shared fields of a decoded state (a replay's initial state or
  /// snapshot, a test store's initial state), as no write. Returns whether it holds any.
  @discardableResult
  package func seed<State>(from state: State) -> Bool {
    guard Self.mayExist, let fields = SharedPropagation.fields(of: state) else { return false }
    for seed in fields.seeds { seed(self) }
    return !fields.ids.isEmpty
  }

  /// Writes the value of `id` to its file, unless the file already holds it (another process
  /// wrote it, and this is that change arriving).
  private func persist(_ id: String) {
    guard touchesFiles else { return }
    let found = registry.withLock { registry -> (URL, any Sendable, Typed)? in
      guard let entry = registry.entries[id], let file = entry.file, let typed = entry.typed else { return nil }
      return (file, entry.value, typed)
    }
    guard let (file, value, typed) = found else { return }
    do {
      if let existing = FileManager.default.contents(atPath: file.path),
        let onDisk = try? typed.decodeFile(existing), typed.isEqual(onDisk, value)
      {
        registry.withLock { $0.entries[id]?.fileData = existing }
        return
      }
      let data = try typed.encodeFile(value)
      // The folder too: an app's first save into Application Support, say, finds none.
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: file, options: .atomic)
      registry.withLock { $0.entries[id]?.fileData = data }
    } catch {
      reportIssue("cannot save the shared value \(id) to \(file.path): \(error). The value is kept in memory.")
    }
  }

  // MARK: Outside changes

  /// Reads the files of the file-backed keys again. Each file another process changed sends
  /// its new value to every store that holds it, as a ``SharedChange`` action: the store logs
  /// it and its ``SharedReducer`` applies it. A file that is no longer a valid value is
  /// reported and changes nothing. Returns how many values changed.
  @MainActor @discardableResult
  public func checkFiles() -> Int {
    guard touchesFiles else { return 0 }
    let watched = registry.withLock { registry in
      registry.entries.compactMap { id, entry -> (String, URL, Data?, any Sendable, Typed)? in
        guard let file = entry.file, let typed = entry.typed else { return nil }
        return (id, file, entry.fileData, entry.value, typed)
      }
    }
    var changes: [SharedChange] = []
    for (id, file, known, value, typed) in watched.sorted(by: { $0.0 < $1.0 }) {
      guard let data = FileManager.default.contents(atPath: file.path), data != known else { continue }
      registry.withLock { $0.entries[id]?.fileData = data }
      do {
        let onDisk = try typed.decodeFile(data)
        guard !typed.isEqual(onDisk, value) else { continue }
        changes.append(SharedChange(key: id, value: try typed.json(onDisk)))
      } catch {
        reportIssue(
          """
          \(file.path) was changed outside the app, but it is not a valid \(typed.typeName): \(error). \
          The stores keep the value they hold; the file is rewritten at the next change.
          """)
      }
    }
    publish(changes, except: nil)
    return changes.count
  }

  // MARK: Stores

  /// Tells the store `id` of each change to a key in `keys` that it did not make.
  func subscribe(_ keys: some Sequence<String>, store id: ObjectIdentifier, deliver: @escaping @MainActor @Sendable (SharedChange) -> Void) {
    registry.withLock { registry in
      for key in keys where !(registry.subscribers[key]?.contains { $0.store == id } ?? false) {
        registry.subscribers[key, default: []].append(Subscriber(store: id, deliver: deliver))
      }
    }
  }

  func unsubscribe(store id: ObjectIdentifier) {
    registry.withLock { registry in
      for key in registry.subscribers.keys { registry.subscribers[key]?.removeAll { $0.store == id } }
    }
  }

  /// Sends each change to the stores that hold its key, except `writer`, in the order they
  /// subscribed.
  @MainActor
  func publish(_ changes: [SharedChange], except writer: ObjectIdentifier?) {
    for change in changes {
      let subscribers = registry.withLock { $0.subscribers[change.key] ?? [] }
      for subscriber in subscribers where subscriber.store != writer { subscriber.deliver(change) }
    }
  }

  // MARK: Storage

  private struct Registry {
    var entries: [String: Entry] = [:]
    var pending: [PendingWrite] = []
    var subscribers: [String: [Subscriber]] = [:]
  }

  private struct Entry {
    /// The value, or its JSON until a field of its type meets it.
    var value: any Sendable
    let file: URL?
    /// The file's bytes as last read or written: a change is a difference from them.
    var fileData: Data?
    var typed: Typed?
  }

  private struct Subscriber {
    let store: ObjectIdentifier
    let deliver: @MainActor @Sendable (SharedChange) -> Void
  }

  /// One write, waiting to reach the other fields of its key.
  package struct PendingWrite: Sendable {
    let id: String
    let value: any Sendable
    /// Whether the key held another value before: only then are other stores told.
    let changed: Bool
    let typed: Typed?

    /// The change other stores receive.
    var change: SharedChange? {
      guard let typed else { return (value as? JSONValue).map { SharedChange(key: id, value: $0) } }
      return (try? typed.json(value)).map { SharedChange(key: id, value: $0) }
    }
  }

  /// What the registry needs to know of a value's type, captured where the type is known.
  struct Typed: Sendable {
    let typeName: String
    let isEqual: @Sendable (any Sendable, any Sendable) -> Bool
    let json: @Sendable (any Sendable) throws -> JSONValue
    let fromJSON: @Sendable (JSONValue) throws -> any Sendable
    let decodeFile: @Sendable (Data) throws -> any Sendable
    let encodeFile: @Sendable (any Sendable) throws -> Data

    static func of<Value: Codable & Equatable & Sendable>(_ type: Value.Type) -> Typed {
      Typed(
        typeName: "\(Value.self)",
        isEqual: { ($0 as? Value) == ($1 as? Value) && $0 is Value },
        json: { try JSONValue(encoding: $0 as! Value) },
        fromJSON: { try $0.decode(as: Value.self) },
        decodeFile: { try JSONDecoder().decode(Value.self, from: $0) },
        encodeFile: { value in
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
          return try encoder.encode(value as! Value)
        }
      )
    }
  }
}

/// The registries of the Swift Testing tests, by test (`SharedValues.forCurrentTest()`).
// NB: NSLock rather than `Mutex`: ThreadSanitizer does not see `Mutex` on Linux, and tests
//     running side by side ask from several threads.
private final class TestRegistries: @unchecked Sendable {
  private let lock = NSLock()
  private var byTest: [TestContext.Testing.Test.ID: SharedValues] = [:]

  func registry(for test: TestContext.Testing.Test.ID) -> SharedValues {
    lock.withLock {
      if let registry = byTest[test] { return registry }
      let registry = SharedValues(touchesFiles: false)
      byTest[test] = registry
      return registry
    }
  }
}
