#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The few system calls a folder store needs to keep what it acknowledged: a new file written
/// whole and fsynced before it is linked into place, the link made only if the name is free,
/// and the folder fsynced after, so that a crash after an acknowledgement loses nothing.
package enum DurableFile {
  /// Creates `path` (mode 0600; it must not exist), writes `bytes`, fsyncs and closes it. When
  /// it cannot (a full disk), the part written is removed: a failed upload leaves no file.
  package static func create(_ path: String, _ bytes: [UInt8]) throws(LogStoreError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("cannot create \(path)") }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw removing(path, failure("cannot write \(path)")) }
      written += count
    }
    guard fsync(fd) == 0 else { throw removing(path, failure("cannot fsync \(path)")) }
  }

  /// `error`, once the file it is about is gone.
  private static func removing(_ path: String, _ error: LogStoreError) -> LogStoreError {
    unlink(path)
    return error
  }

  /// Links `source` at `destination`: true if it was linked, false if `destination` exists.
  static func linkIfFree(_ source: String, _ destination: String) throws(LogStoreError) -> Bool {
    if link(source, destination) == 0 { return true }
    if errno == EEXIST { return false }
    throw failure("cannot link \(destination)")
  }

  /// Fsyncs a folder, so that the names made in it last.
  static func syncFolder(_ path: String) throws(LogStoreError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot open the folder \(path)") }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw failure("cannot fsync the folder \(path)") }
  }

  package static func remove(_ path: String) {
    unlink(path)
  }

  private static func failure(_ what: String) -> LogStoreError {
    LogStoreError(.failure, "\(what): \(String(cString: strerror(errno)))")
  }
}
