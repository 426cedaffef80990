import Foundation
import JSONCodec
import Store
import LogStorage

/// What one `refold devtools` serves: a log file, or every `*.log` under a folder, and nothing
/// else. A log is named by its path below the folder (or its file name); a name reaches a file
/// only if the folder's listing holds it and its real path (symlinks resolved) lies inside the
/// folder, so `../`, absolute paths, encoded slashes and links out all end at 404.
package final class DevtoolsLibrary: @unchecked Sendable {
  enum Kind: String { case file, folder }

  /// The served file or folder, absolute, with symlinks resolved.
  let root: String
  let kind: Kind
  /// Whether logs are read again for what a writer appends (`--follow`).
  let follow: Bool
  private let features: FeatureRegistry
  private let lock = NSLock()
  /// Held while a log is opened: indexing a large log takes a while, and two requests (or a
  /// request and the checks) for the same log must not both do it.
  private let opening = NSLock()
  private var open: [String: InspectedLog] = [:]
  private var checks: [String: LogCheckOutcome] = [:]

  package init(path: String, follow: Bool, features: FeatureRegistry) throws(HostError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw HostError.badInput("\(path): no such file or folder")
    }
    root = Self.realPath(path) ?? path
    kind = isDirectory.boolValue ? .folder : .file
    self.follow = follow
    self.features = features
    if kind == .folder, names().isEmpty {
      throw HostError.badInput("\(path): the folder holds no *.\(LogCorpus.fileExtension) file")
    }
  }

  /// The logs served now, by name: a folder is listed again on each call, so that logs
  /// written since appear.
  package func names() -> [String] {
    switch kind {
    case .file:
      return [URL(fileURLWithPath: root).lastPathComponent]
    case .folder:
      let prefix = root + "/"
      return LogCorpus(paths: [root]).paths.compactMap { path in
        guard let real = Self.realPath(path), real.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
      }
    }
  }

  /// The absolute path of the log named `name`, if it is one of ours.
  ///
  /// - Parameter served: the names served now, when the caller has just listed them (the
  ///   listing asks for every log, and need not walk the folder again for each).
  func path(of name: String, served: [String]? = nil) throws(DevtoolsError) -> String {
    let unknown = DevtoolsError.notFound("no log named '\(name)' is served here")
    guard !name.isEmpty, !name.contains("\0"), (served ?? names()).contains(name) else { throw unknown }
    switch kind {
    case .file:
      return root
    case .folder:
      guard let real = Self.realPath(root + "/" + name), real.hasPrefix(root + "/") else { throw unknown }
      return real
    }
  }

  /// The open log named `name`, opened (and indexed) on first use; with `--follow`, brought up
  /// to date with what was appended since.
  package func log(named name: String, served: [String]? = nil) throws -> InspectedLog {
    let path = try path(of: name, served: served)
    if let known = lock.withLock({ open[name] }) {
      if follow { known.refresh() }
      return known
    }
    return try opening.withLock {
      if let raced = lock.withLock({ open[name] }) { return raced }
      let log = try InspectedLog(name: name, path: path, features: features)
      lock.withLock { open[name] = log }
      return log
    }
  }

  func check(of name: String) -> LogCheckOutcome? {
    lock.withLock { checks[name] }
  }

  /// Checks every log once, one after the other, on a thread of its own: a corpus check replays
  /// whole logs, and the page shows "checking" meanwhile rather than waiting.
  func startChecks() {
    let thread = Thread { [weak self] in self?.runChecks() }
    thread.name = "refold-devtools-check"
    thread.start()
  }

  /// Checks every log served now, one after the other, on this thread. Each is indexed first,
  /// so that the page's first look at it does not wait behind its check, which folds it whole.
  func runChecks() {
    let served = names()
    for name in served {
      guard let path = try? path(of: name, served: served) else { continue }
      _ = try? log(named: name, served: served)
      let outcome = LogCheck.run(path, features: features)
      lock.withLock { checks[name] = outcome }
    }
  }

  /// `GET /api/logs`.
  func listing() -> JSONValue {
    let served = names()
    let entries = served.map { name -> JSONValue in
      let check = check(of: name)
      var members: [JSONObject.Member] = [JSONObject.Member(key: "name", value: .string(name))]
      do {
        members += try log(named: name, served: served).listing()
      } catch {
        let message = (error as? DevtoolsError)?.message ?? "\(error)"
        members.append(JSONObject.Member(key: "status", value: .string("unreadable")))
        members.append(JSONObject.Member(key: "detail", value: .string(message)))
        return .object(JSONObject(members))
      }
      members.append(JSONObject.Member(key: "status", value: .string(check?.status.rawValue ?? "checking")))
      members.append(JSONObject.Member(key: "detail", value: check?.message.map(JSONValue.string) ?? .null))
      return .object(JSONObject(members))
    }
    return .object([
      "root": .string(root), "kind": .string(kind.rawValue), "follow": .bool(follow), "logs": .array(entries),
    ])
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
