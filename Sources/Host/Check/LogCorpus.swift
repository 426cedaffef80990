import Foundation

/// The logs `refold check` was pointed at: each named file, and every `*.log` file under each
/// named folder (recursively, hidden entries skipped), in path order. A path that does not
/// exist is kept, so that the check reports it as unreadable instead of stopping.
package struct LogCorpus: Sendable {
  package var paths: [String]
  /// Folders that held no `*.log` file, for a clearer message when nothing is found.
  package var emptyFolders: [String]

  package static let fileExtension = "log"

  package init(paths given: [String]) {
    var found: [String] = []
    var empty: [String] = []
    for path in given {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        found.append(path)
        continue
      }
      let logs = Self.logs(under: path)
      if logs.isEmpty { empty.append(path) }
      found += logs
    }
    // A log named twice (a file and its folder) is checked once.
    var seen = Set<String>()
    paths = found.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    emptyFolders = empty
  }

  private static func logs(under folder: String) -> [String] {
    let root = URL(fileURLWithPath: folder)
    guard
      let entries = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var logs: [String] = []
    for case let url as URL in entries where url.pathExtension == fileExtension {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
      logs.append(folder.hasSuffix("/") ? folder + relative(url, to: root) : folder + "/" + relative(url, to: root))
    }
    return logs.sorted()
  }

  /// `url`'s path below `root`, so that reports name logs as the user named their folder.
  private static func relative(_ url: URL, to root: URL) -> String {
    let base = root.standardizedFileURL.resolvingSymlinksInPath().path
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    guard path.hasPrefix(base + "/") else { return url.lastPathComponent }
    return String(path.dropFirst(base.count + 1))
  }
}
