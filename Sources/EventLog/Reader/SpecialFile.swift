#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path names when it is neither a regular file nor a folder: opening a FIFO for reading
/// blocks until a writer comes (for ever, in `refold check x.log good.log`), and a device never
/// ends, so a command that reads logs looks before it opens, and the readers refuse what they
/// opened (``ReadableLogFile``) when the path was swapped in between.
package enum SpecialFile: String, Sendable {
  case fifo = "a FIFO"
  case socket = "a socket"
  case device = "a device"
  case symbolicLink = "a symbolic link"

  /// The kind of what `path` names (following symbolic links), or nil for a regular file, a
  /// folder, or a path that cannot be looked at (its reader says why).
  package static func kind(at path: String) -> SpecialFile? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return kind(mode: status.st_mode)
  }

  /// The kind of the entry `path` itself, a symbolic link not followed.
  package static func entryKind(at path: String) -> SpecialFile? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    if status.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
    return kind(mode: status.st_mode)
  }

  static func kind(mode: mode_t) -> SpecialFile? {
    switch mode & S_IFMT {
    case S_IFIFO: .fifo
    case S_IFSOCK: .socket
    case S_IFCHR, S_IFBLK: .device
    default: nil
    }
  }
}
