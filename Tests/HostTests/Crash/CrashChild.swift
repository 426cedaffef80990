import Foundation
import Demo
import Host

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `refold-crash-child` (Sources/refold-crash-child), which records a session of the real
/// AppFeature and prints `durable SEQ` on stdout each time the recorder reports a seq durable.
/// Everything here blocks: call it through ``offThePool(_:)``.
enum CrashChild {
  static var executable: URL { RefoldProcess.executable(named: "refold-crash-child") }

  /// What the child's session types in and gets back: son's password and the token the demo
  /// backend gives him. They reach the child on stdin, never on its command line.
  static let password = DemoFixtures.accounts[0].password
  static let token = DemoFixtures.accounts[0].jwt

  struct Run {
    var stdoutLines: [String]
    var stdout: Data
    var stderr: Data
    var reason: Process.TerminationReason
    var status: Int32
    /// CLOCK_MONOTONIC, in nanoseconds, just before the SIGKILL; nil when it was not sent.
    var killedAt: UInt64?

    var wasKilled: Bool { killedAt != nil && reason == .uncaughtSignal && status == SIGKILL }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// Starts the child, reads its stdout line by line, and sends SIGKILL right after the first
  /// line for which `killAfter` returns true. Returns once the child has ended and its pipes are
  /// drained, so that the lines it printed before it died are all there.
  static func run(_ arguments: [String], killAfter: ((String) -> Bool)? = nil) throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw CrashHarnessError("\(executable.path) is missing: build it with `swift build --build-tests`")
    }
    let secrets = try JSONEncoder().encode(["password": password, "token": token])
    let child = try StartedChild(executable, arguments, stdin: secrets)

    var lines: [String] = []
    var outData = Data()
    var pending = Data()
    var killedAt: UInt64?
    let fd = child.stdout!.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      outData.append(contentsOf: buffer[..<count])
      pending.append(contentsOf: buffer[..<count])
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        lines.append(line)
        if killedAt == nil, let killAfter, killAfter(line) {
          killedAt = monotonicNanoseconds()
          kill(child.process.processIdentifier, SIGKILL)
        }
      }
    }
    let (status, errData) = child.wait()
    return Run(
      stdoutLines: lines, stdout: outData, stderr: errData, reason: child.process.terminationReason,
      status: status, killedAt: killedAt)
  }
}

/// CLOCK_MONOTONIC, which the child stamps its journal with: one clock for the whole machine.
func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

struct CrashHarnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// One line of the child's journal: a commit as the store made it, written before the recorder
/// saw it (`SEQ ORIGIN MONOTONIC_NS DIGEST ACTION_JSON`; see Sources/refold-crash-child/Journal.swift).
struct JournalEntry: Equatable {
  var seq: UInt64
  var origin: String
  /// CLOCK_MONOTONIC nanoseconds at the commit.
  var time: UInt64
  /// The digest of the redacted state after the commit, as a checkpoint would carry it.
  var digest: String
  /// The redacted action, as JSON.
  var action: String

  /// The complete lines of `text` (a journal cut by a SIGKILL may end in half a line), each
  /// after `prefix`; other lines are skipped.
  static func parse(_ text: String, prefix: String = "") throws -> [JournalEntry] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()  // after the last newline: empty, or a torn line
    return try lines.compactMap { line in
      guard line.hasPrefix(prefix) else { return nil }
      let fields = line.dropFirst(prefix.count).split(separator: " ", maxSplits: 4)
      guard fields.count == 5, let seq = UInt64(fields[0]), let time = UInt64(fields[2]) else {
        throw CrashHarnessError("not a journal line: \(line)")
      }
      return JournalEntry(seq: seq, origin: String(fields[1]), time: time, digest: String(fields[3]), action: String(fields[4]))
    }
  }
}
