public import Foundation
import JSONCodec

/// Where a ``Shared`` value lives, and the name that ties together the fields that share it.
///
/// ```swift
/// @Shared(.inMemory("session")) var session: Session? = nil
/// @Shared(.fileStorage(settingsURL)) var settings = Settings()
/// ```
///
/// Two fields with the same key hold the same value: a write to one reaches the others.
public struct SharedKey<Value>: Sendable, Hashable, CustomStringConvertible {
  /// The key as logs write it beside the value: `inMemory:session`, `file:/path/settings.json`,
  /// or, for a file in the app's documents, application support or caches folder, the path
  /// from that folder: `file:~documents/settings.json`, the same in every app container.
  public let id: String
  /// The file behind a file-backed key.
  let file: URL?
  /// For an element of another key's identified array (`$standups[id: id]`): where it is.
  let element: SharedElement?

  private init(id: String, file: URL?, element: SharedElement? = nil) {
    self.id = id
    self.file = file
    self.element = element
  }

  /// The element with the id `elementID` (its JSON) of the identified array keyed `parentID`:
  /// `file:~documents/standups.json[id:"…"]`.
  static func element(of parentID: String, id elementID: JSONValue) -> Self {
    let element = SharedElement(parentID: parentID, id: elementID)
    return Self(id: parentID + "[id:" + element.idText + "]", file: nil, element: element)
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
  ///
  /// A file in the app's documents, application support or caches folder is named in logs
  /// from that folder (``id``), so that a log recorded on a device replays, and turns into a
  /// test, where that folder is elsewhere.
  public static func fileStorage(_ url: URL) -> Self {
    let file = url.standardizedFileURL
    return Self(id: "file:" + SharedFileFolders.portable(file.path), file: file)
  }

  /// The key a log names by `id`; `nil` for an id that is neither kind, or a file in a folder
  /// this process does not know. An id with the whole path of a file in a standard folder (a
  /// log written before ids named such files from their folder) is the same key as the
  /// portable one.
  init?(id: String) {
    if id.hasSuffix("]"), let open = id.range(of: "[id:", options: .backwards) {
      // An element of another key's array: that key, and the element's id as JSON.
      guard let parent = SharedKey<JSONValue>(id: String(id[..<open.lowerBound])), parent.element == nil,
        let elementID = SharedElement.parseID(id[open.upperBound..<id.index(before: id.endIndex)])
      else { return nil }
      self = .element(of: parent.id, id: elementID)
    } else if id.hasPrefix("inMemory:") {
      self.init(id: id, file: nil)
    } else if id.hasPrefix("file:"), id.count > 5, let path = SharedFileFolders.resolved(String(id.dropFirst(5))) {
      self = .fileStorage(URL(fileURLWithPath: path))
    } else {
      return nil
    }
  }

  public var description: String {
    if let element { return "\(element.parentID)[id: \(element.idText)]" }
    if let file { return ".fileStorage(\(file.path))" }
    return ".inMemory(\(id.dropFirst("inMemory:".count)))"
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
