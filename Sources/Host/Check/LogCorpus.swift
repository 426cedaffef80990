import EventLog
import Foundation

/// The logs `refold check` was pointed at: each named file, and every `*.log` file under each
/// named folder (recursively, hidden entries skipped), in path order. A path that does not
/// exist is kept, so that the check reports it as unreadable instead of stopping; so is a named
/// FIFO, socket or device, which the check refuses without opening it (``LogCheck``).
///
/// Inside a folder only regular files are logs: a `*.log` FIFO would block the check, a
/// device never ends, and a symbolic link may point anywhere (out of the folder, at a FIFO).
/// Those are not checked, and ``skipped`` says so, so that a log is never left out silently.
package struct LogCorpus: Sendable {
  package var paths: [String]
  /// Folders that held no `*.log` file, for a clearer message when nothing is found.
  package var emptyFolders: [String]
  /// The `*.log` entries under the named folders that are not regular files, with what they
  /// are, in path order.
  package var skipped: [(path: String, kind: String)]

  package static let fileExtension = "log"

  package init(paths given: [String]) {
    var found: [String] = []
    var empty: [String] = []
    var skipped: [(path: String, kind: String)] = []
    for path in given {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        found.append(path)
        continue
      }
      let (logs, others) = Self.logs(under: path)
      if logs.isEmpty { empty.append(path) }
      found += logs
      skipped += others
    }
    // A log named twice (a file and its folder) is checked once.
    var seen = Set<String>()
    paths = found.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    emptyFolders = empty
    self.skipped = skipped
  }

  private static func logs(under folder: String) -> (logs: [String], skipped: [(path: String, kind: String)]) {
    let root = URL(fileURLWithPath: folder)
    guard
      let entries = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return ([], []) }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    var logs: [String] = []
    var skipped: [(path: String, kind: String)] = []
    for case let url as URL in entries where url.pathExtension == fileExtension {
      // The entry itself, not what a symbolic link points at.
      if let special = SpecialFile.entryKind(at: url.path) {
        let parent = relativeFolder(url.deletingLastPathComponent(), to: root)
        skipped.append((prefix + parent + url.lastPathComponent, special.rawValue))
        continue
      }
      // A folder named `*.log` is walked into, not read.
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
      logs.append(prefix + relative(url, to: root))
    }
    return (logs.sorted(), skipped.sorted { $0.path < $1.path })
  }

  /// `folder`'s path below `root` with a trailing slash, empty for `root` itself.
  private static func relativeFolder(_ folder: URL, to root: URL) -> String {
    let base = root.standardizedFileURL.resolvingSymlinksInPath().path
    let path = folder.standardizedFileURL.resolvingSymlinksInPath().path
    return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) + "/" : ""
  }

  /// `url`'s path below `root`, so that reports name logs as the user named their folder.
  private static func relative(_ url: URL, to root: URL) -> String {
    let base = root.standardizedFileURL.resolvingSymlinksInPath().path
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    guard path.hasPrefix(base + "/") else { return url.lastPathComponent }
    return String(path.dropFirst(base.count + 1))
  }
}
