public import CustomDump
import Foundation

/// A value that several features hold and change together: the signed-in session, a setting.
///
/// ```swift
/// struct UserList: Reducer {
///   struct State: Codable, Equatable {
///     @Shared(.inMemory("session")) var session: Session? = nil
///   }
/// }
/// ```
///
/// - A field made with a key that already holds a value starts with that value, not with its
///   declared default: a screen pushed after sign-in sees the session.
/// - A reducer writes it like any field. Once the reducer returns, every field of the store's
///   state with the same key holds the new value, and the other stores that hold it receive a
///   ``SharedChange``.
/// - It is a value: states with shared fields are compared, logged, diffed and asserted by
///   ``TestStore`` like any state (a test sets one field; the others follow).
/// - A file-backed value (``SharedKey/fileStorage(_:)``) is read when first made and written
///   after each change; another process's change to the file enters the stores as a logged
///   action (``SharedValues/checkFiles()``).
///
/// It is encoded with its key, `{"shared":"inMemory:session","value":…}`, so that a decoded
/// state (a replay, a snapshot) knows which fields share. A decoded field keeps the value it
/// was written with, except in an action decoded for a store with ``Store/decodingAction(_:)``
/// (a pushed screen's state on a line of `refold run`, a deep link), where it starts with the
/// value its key holds in that store, as a field a reducer makes does.
///
/// Write shared values in reducers, where each write is part of a logged action. A write
/// anywhere else changes that copy of the state alone.
@propertyWrapper
public struct Shared<Value: Codable & Equatable & Sendable>: Sendable {
  public let key: SharedKey<Value>
  private var value: Value

  /// A field keyed `key`: the value the key holds (in memory, or in its file), or `wrappedValue`
  /// when it holds none yet.
  public init(wrappedValue: Value, _ key: SharedKey<Value>) {
    self.key = key
    self.value = SharedValues.current.value(for: key, default: wrappedValue)
  }

  /// A field keyed `key` that holds `value` (an element of another key's array).
  init(key: SharedKey<Value>, value: Value) {
    SharedValues.noteSharedValuesExist()
    self.key = key
    self.value = value
  }

  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      // Only a reducer's write is shared (and logged with its action); a copy changed anywhere
      // else (redacted for the log, say) changes alone.
      SharedValues.folding?.write(newValue, to: key)
    }
  }

  /// The field itself, with its ``key``: `state.$session.key`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension Shared: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value
  }
}

extension Shared: CustomDumpRepresentable {
  /// Diffs and the changes printer show the value alone.
  public var customDumpValue: Any { value }
}

extension Shared: CustomStringConvertible {
  public var description: String { "\(value)" }
}

extension Shared: Codable {
  private enum CodingKeys: String, CodingKey {
    case shared
    case value
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .shared)
    guard let key = SharedKey<Value>(id: id) else {
      throw DecodingError.dataCorruptedError(
        forKey: .shared, in: container,
        debugDescription: """
          "\(id)" is not a shared key: it is "inMemory:NAME", "file:/PATH" or "file:~FOLDER/PATH" \
          (FOLDER one of \(SharedFileFolders.folders.map(\.name).joined(separator: ", "))), or one of those \
          followed by "[id:JSON]" for an element of its array
          """)
    }
    self.key = key
    SharedValues.noteSharedValuesExist()
    // Propagation decodes the state again with the new values in place of the old.
    if let replacement = try SharedPropagation.replacement(for: key) {
      self.value = replacement
    } else {
      let written = try container.decode(Value.self, forKey: .value)
      // In an action from outside (``Store/decodingAction(_:)``) the payload carries a copy
      // written down earlier: the key's value wins, as for a field a reducer makes, or the
      // copy would be written back over it.
      self.value = SharedValues.adopting?.value(for: key, default: written) ?? written
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key.id, forKey: .shared)
    try container.encode(value, forKey: .value)
    SharedPropagation.noteEncoded(key: key, value: value)
  }
}
