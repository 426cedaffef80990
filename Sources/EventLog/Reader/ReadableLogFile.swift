#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Opens a log for reading without ever waiting on what the path names.
///
/// A FIFO opened for reading blocks until a writer comes, for ever if none does. Looking at
/// the path first (``SpecialFile/kind(at:)``) leaves a window in which it can be swapped for
/// one, so the file is opened without blocking and what was opened is looked at: only a
/// regular file is read.
enum ReadableLogFile {
  /// The open descriptor of the regular file at `url` (blocking reads, closed on exec) and its
  /// size; `path` is how errors name it.
  static func opened(_ url: URL, path: String) throws(LogReadError) -> (fd: Int32, size: Int) {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      let code = errno
      throw LogReadError(.unreadable, file: path, message: "cannot open: \(String(cString: strerror(code)))")
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      systemClose(fd)
      throw LogReadError(.unreadable, file: path, message: "cannot stat: \(String(cString: strerror(code)))")
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      systemClose(fd)
      throw LogReadError(.isDirectory, file: path, message: "is a directory, not an event log")
    }
    if let special = SpecialFile.kind(mode: info.st_mode) {
      systemClose(fd)
      throw LogReadError(.unreadable, file: path, message: "is \(special.rawValue), not an event log: it was not read")
    }
    // Regular files ignore O_NONBLOCK; cleared anyway so that no read can ever see EAGAIN.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return (fd, Int(info.st_size))
  }
}
