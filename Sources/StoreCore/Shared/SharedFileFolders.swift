import Foundation

/// The app's standard folders, which a file-backed key's id names its file relative to:
/// `file:~documents/standups.json`, not `file:/var/mobile/Containers/Data/Application/…/Documents/standups.json`.
///
/// Why: a state made while a log is replayed (a screen a reducer pushes) takes the key's
/// value by the key's id. Where the id held the whole path, a log recorded in one app
/// container (a phone, a run of the command line) named another file than the same code does
/// in the process that replays it (a Mac, a test), and that screen started empty: the replay
/// diverged, and a generated test failed. The folders are resolved in each process.
enum SharedFileFolders {
  /// Each folder's name in ids, and its path in this process (standardized, no trailing `/`).
  static let folders: [(name: String, path: String)] = {
    let known: [(String, FileManager.SearchPathDirectory)] = [
      ("documents", .documentDirectory),
      ("applicationSupport", .applicationSupportDirectory),
      ("caches", .cachesDirectory),
    ]
    return known.compactMap { name, directory in
      guard let url = FileManager.default.urls(for: directory, in: .userDomainMask).first else { return nil }
      let path = url.standardizedFileURL.path
      guard path.count > 1 else { return nil }
      return (name, path.hasSuffix("/") ? String(path.dropLast()) : path)
    }
  }()

  /// `path` as an id names it: relative to the first standard folder that holds it, or whole.
  static func portable(_ path: String) -> String {
    for folder in folders where path.hasPrefix(folder.path + "/") {
      return "~" + folder.name + path.dropFirst(folder.path.count)
    }
    return path
  }

  /// The path an id's `portable` path names in this process; `nil` for a folder this process
  /// does not know.
  static func resolved(_ portablePath: String) -> String? {
    guard portablePath.hasPrefix("~") else { return portablePath }
    let slash = portablePath.firstIndex(of: "/") ?? portablePath.endIndex
    let name = portablePath[portablePath.index(after: portablePath.startIndex)..<slash]
    guard let folder = folders.first(where: { $0.name == name }) else { return nil }
    return folder.path + portablePath[slash...]
  }
}
