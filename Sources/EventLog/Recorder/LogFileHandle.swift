#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recorder's file descriptor and the system calls it makes on it. Errors name the path.
struct LogFileHandle: Sendable {
  let fd: Int32
  let path: String
  /// The identity of the file when it was opened, to notice it being replaced.
  let device: UInt64
  let inode: UInt64
  /// Called instead of `fsync` when set: ``RecorderOptions/fsyncForTesting``.
  var fsyncForTesting: (@Sendable (Int32) -> Int32)? = nil

  /// Opens (and, for a new log, creates with mode 0600) the file at `path`.
  ///
  /// - Returns: the handle, and whether the file already held bytes (only with `.append`).
  static func open(path: String, existing: ExistingFilePolicy) throws(RecorderError) -> (LogFileHandle, isExisting: Bool) {
    let flags: Int32
    switch existing {
    case .fail: flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
    case .replace: flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
    case .append: flags = O_RDWR | O_CREAT | O_CLOEXEC
    }
    let fd = systemOpen(path, flags, 0o600)
    guard fd >= 0 else {
      let code = errno
      if code == EEXIST {
        throw RecorderError(
          .alreadyExists, path: path,
          message: "the file already exists (pass RecorderOptions(existingFile: .replace) or .append)", errno: code)
      }
      throw .system(.cannotCreate, path: path, "cannot create", code: code)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      systemClose(fd)
      throw .system(.cannotCreate, path: path, "cannot stat", code: code)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      systemClose(fd)
      throw RecorderError(.cannotCreate, path: path, message: "not a regular file")
    }
    // An existing file keeps its mode through O_TRUNC; a log is private either way.
    if info.st_mode & 0o777 != 0o600, fchmod(fd, 0o600) != 0 {
      let code = errno
      systemClose(fd)
      throw .system(.cannotCreate, path: path, "cannot set mode 0600", code: code)
    }
    let handle = LogFileHandle(fd: fd, path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    return (handle, existing == .append && info.st_size > 0)
  }

  /// Writes all of `bytes`, retrying short writes and interrupts.
  func writeAll(_ bytes: UnsafeRawBufferPointer, seq: UInt64?) throws(RecorderError) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = write(fd, next, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        throw .system(.writeFailed, path: path, seq: seq, "write failed", code: errno)
      }
      if written == 0 {
        throw RecorderError(.writeFailed, path: path, seq: seq, message: "write failed: the file accepts no more bytes")
      }
      next += written
      remaining -= written
    }
  }

  func writeAll(_ bytes: [UInt8], seq: UInt64?) throws(RecorderError) {
    try withBytes(bytes) { buffer throws(RecorderError) in try writeAll(buffer, seq: seq) }
  }

  /// fsyncs the file. A failure is final: after a failed fsync Linux may mark the unwritten
  /// pages clean, so a retry that succeeds would prove nothing.
  func sync(seq: UInt64?) throws(RecorderError) {
    while true {
      let code = fsyncForTesting.map { $0(fd) } ?? (fsync(fd) == 0 ? 0 : errno)
      if code == 0 { return }
      if code == EINTR { continue }
      throw .system(.syncFailed, path: path, seq: seq, "fsync failed", code: code)
    }
  }

  /// Throws when the file was unlinked, or another file took its path.
  func checkIdentity(seq: UInt64?) throws(RecorderError) {
    var info = stat()
    if fstat(fd, &info) == 0, info.st_nlink == 0 {
      throw RecorderError(.fileRemoved, path: path, seq: seq, message: "the log file was removed while recording")
    }
    var current = stat()
    if stat(path, &current) != 0 {
      if errno == ENOENT {
        throw RecorderError(.fileRemoved, path: path, seq: seq, message: "the log file was removed while recording")
      }
      return  // e.g. a permission change on the folder; writing still works
    }
    if UInt64(current.st_ino) != inode || UInt64(current.st_dev) != device {
      throw RecorderError(
        .fileReplaced, path: path, seq: seq, message: "another file replaced the log at its path while recording")
    }
  }

  /// fsyncs the folder, so that a new file's name survives a crash too.
  func syncDirectory() {
    var folder = path
    if let slash = folder.lastIndex(of: "/") {
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
    } else {
      folder = "."
    }
    let dirFD = systemOpen(folder, O_RDONLY | O_CLOEXEC, 0)
    guard dirFD >= 0 else { return }
    _ = fsync(dirFD)
    systemClose(dirFD)
  }

  func close() {
    systemClose(fd)
  }
}

// `open` and `close` are shadowed by the methods above.
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

func systemClose(_ fd: Int32) {
  _ = close(fd)
}
