#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Reducers

/// A plugin placed before the recorder: for every commit it writes, before the recorder sees
/// it, one line the parent holds the log against:
///
/// ```
/// SEQ ORIGIN MONOTONIC_NS DIGEST ACTION_JSON
/// 3 send 81234567890123 5168f4ffada701cf {"signIn":{"_0":{"presented":{"_0":{"signInTapped":{}}}}}}
/// ```
///
/// The action is redacted and the digest is of the redacted state, as in the log, so the
/// journal holds no secret either. A plain `write(2)`: a SIGKILL loses none of it.
final class Journal: StorePlugin {
  private let fd: Int32
  private let prefix: String
  private let encoder = LogJSONEncoder()
  private(set) var lastSeq: UInt64 = 0

  /// Writes to `fd`, each line after `prefix`.
  init(fd: Int32, prefix: String = "") {
    self.fd = fd
    self.prefix = prefix
  }

  /// Creates the file at `path` (mode 0600; it must not exist).
  convenience init(path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw ChildError("cannot create the journal \(path): \(String(cString: strerror(errno)))") }
    self.init(fd: fd)
  }

  @MainActor
  func didCommit(_ commit: Commit<AppFeature.State, AppFeature.Action>) throws {
    let action = String(decoding: try encoder.encode(Redaction.apply(commit.action)), as: UTF8.self)
    let digest = StateDigest.hex(try StateDigest.digest(of: commit.state))
    try writeLine(fd, "\(prefix)\(commit.seq) \(commit.origin.rawValue) \(monotonicNanoseconds()) \(digest) \(action)")
    lastSeq = commit.seq
  }
}

/// Writes `line` and a newline with one `write(2)` (retrying a short one).
func writeLine(_ fd: Int32, _ line: String) throws {
  let bytes = Array((line + "\n").utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      throw ChildError("cannot write to fd \(fd): \(String(cString: strerror(errno)))")
    }
    offset += written
  }
}

/// CLOCK_MONOTONIC, which the parent reads too: one clock for the whole machine.
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

struct ChildError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
