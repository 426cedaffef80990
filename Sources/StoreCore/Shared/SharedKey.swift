public import Foundation

/// Where a ``Shared`` value lives, and the name that ties together the fields that share it.
///
/// ```swift
/// @Shared(.inMemory("session")) var session: Session? = nil
/// @Shared(.fileStorage(settingsURL)) var settings = Settings()
/// ```
///
/// Two fields with the same key hold the same value: a write to one reaches the others.
public struct SharedKey<Value>: Sendable, Hashable, CustomStringConvertible {
  /// The key as logs write it beside the value: `inMemory:session`, `file:/path/settings.json`.
  public let id: String
  /// The file behind a file-backed key.
  let file: URL?

  private init(id: String, file: URL?) {
    self.id = id
    self.file = file
  }

  /// A value kept in memory for the life of the process, shared by every field keyed `name`.
  public static func inMemory(_ name: String) -> Self {
    Self(id: "inMemory:" + name, file: nil)
  }

  /// A value kept in a JSON file: read the first time a field with this key is made, written
  /// after each change (its folder made if missing). A change another process makes to the
  /// file reaches the stores that hold the value as a logged action (``SharedChange``), when
  /// ``SharedValues/checkFiles()`` finds it. Under a test runner the value stays in memory and
  /// the file is neither read nor written, unless the test installs a registry of its own
  /// (``SharedValues/withValues(_:)``).
  public static func fileStorage(_ url: URL) -> Self {
    let file = url.standardizedFileURL
    return Self(id: "file:" + file.path, file: file)
  }

  /// The key a log names by `id`; `nil` for an id that is neither kind.
  init?(id: String) {
    if id.hasPrefix("inMemory:") {
      self.init(id: id, file: nil)
    } else if id.hasPrefix("file:"), id.count > 5 {
      self.init(id: id, file: URL(fileURLWithPath: String(id.dropFirst(5))))
    } else {
      return nil
    }
  }

  public var description: String {
    if let file { return ".fileStorage(\(file.path))" }
    return ".inMemory(\(id.dropFirst("inMemory:".count)))"
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
