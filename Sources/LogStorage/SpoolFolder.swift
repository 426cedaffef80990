#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
package import Foundation

/// A store's spool, where uploads wait while they are checked, claimed by this process for as
/// long as the value lives: a shared `flock` on `.lock` inside it.
///
/// A process killed mid-upload (SIGKILL, a crash, the machine going down) leaves its upload
/// here, never acknowledged, so nobody waits for it. When no other process has the store open,
/// which the exclusive lock tells, everything in the folder is such a leftover and goes as the
/// folder is claimed: the next `refold collect` starts with an empty spool. While another
/// process has it open, its uploads in flight stay, and only files older than an hour go.
package final class SpoolFolder: Sendable {
  package let url: URL
  /// Open for the value's life: closing it (or the process ending) gives up the claim. -1
  /// when the folder cannot be written.
  private let lock: Int32

  /// Claims the folder at `url` (created, mode 0700, when missing), clearing out what dead
  /// processes left in it.
  package init(_ url: URL) throws(LogStoreError) {
    self.url = url
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw LogStoreError(.failure, "cannot create the spool \(url.path): \(error.localizedDescription)")
    }
    let lockPath = url.appendingPathComponent(Self.lockName).path
    lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    // A store this process cannot write (read-only, another user's) is still read by `store
    // list`; it takes no upload, so there is nothing to claim.
    guard lock >= 0 else { return }
    if Self.flockRetrying(lock, LOCK_EX | LOCK_NB) {
      removeLeftovers(olderThan: nil)
    } else {
      removeLeftovers(olderThan: Date().addingTimeInterval(-3600))
    }
    // NB: Not atomic with the exclusive lock given up (flock(2)): another process may sweep
    //     in between, which is harmless, as this one has nothing in the spool yet.
    guard Self.flockRetrying(lock, LOCK_SH) else {
      let reason = String(cString: strerror(errno))
      close(lock)
      throw LogStoreError(.failure, "cannot lock \(lockPath): \(reason)")
    }
  }

  deinit { if lock >= 0 { close(lock) } }

  /// This user's spool under the temporary folder (`refold-store-spool-UID`), for a store
  /// whose uploads wait outside it (PostgreSQL's): one folder for every process of the user,
  /// so that the next one finds what a killed one left. It must be a folder of this user's
  /// that no one else can enter; a name taken otherwise (another user's, a link) is refused.
  package static func temporary() throws(LogStoreError) -> SpoolFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("refold-store-spool-\(getuid())", isDirectory: true)
    if mkdir(url.path, 0o700) != 0, errno != EEXIST {
      throw LogStoreError(.failure, "cannot create the spool \(url.path): \(String(cString: strerror(errno)))")
    }
    // NB: attributesOfItem does not follow a link: a link there is refused, not entered.
    let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
    guard attributes[.type] as? FileAttributeType == .typeDirectory,
      (attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid(),
      let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue, permissions & 0o077 == 0
    else {
      throw LogStoreError(.failure, "\(url.path) is not a folder of this user's that only it can enter: remove it, or set TMPDIR")
    }
    return try SpoolFolder(url)
  }

  static let lockName = ".lock"

  /// Everything but the lock, or only what was last modified before `date`.
  private func removeLeftovers(olderThan date: Date?) {
    let files = FileManager.default
    for name in (try? files.contentsOfDirectory(atPath: url.path)) ?? [] where name != Self.lockName {
      let path = url.appendingPathComponent(name).path
      if let date {
        let modified = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard let modified, modified < date else { continue }
      }
      try? files.removeItem(atPath: path)
    }
  }

  private static func flockRetrying(_ fd: Int32, _ operation: Int32) -> Bool {
    while flock(fd, operation) != 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }
}
