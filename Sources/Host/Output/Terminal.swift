import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to the standard streams. Results go to stdout (machines read them); diagnostics,
/// progress and the demo's console view go to stderr or stdout as documented per command.
///
/// A failed write never stops the process: `FileHandle`'s `write` traps on an error (a full
/// disk, a pipe whose reader left), which killed a run before its log was closed. Here the
/// first failure of stdout is kept (``outputFailure``), nothing more is written to it, the
/// command goes on to close what it opened, and `Refold.run` turns the failure into the exit
/// code. `SIGPIPE` is ignored, so a closed pipe is an `EPIPE` like any other error.
package enum Terminal {
  /// The `errno` of stdout's first failed write in this process, if any.
  // NB: an NSLock (a pthread mutex), not Synchronization.Mutex, which ThreadSanitizer cannot
  //     see on Linux (HandOffLock says more).
  private static let failureLock = NSLock()
  nonisolated(unsafe) private static var failure: Int32?

  package static var outputFailure: Int32? { failureLock.withLock { failure } }

  package static func out(_ line: String) {
    guard outputFailure == nil else { return }
    if let code = writeAll(STDOUT_FILENO, Array((line + "\n").utf8)) {
      failureLock.withLock { if failure == nil { failure = code } }
    }
  }

  /// Writes `line` to stderr as one line: newlines in what it quotes (an error's description,
  /// a divergence) become spaces, so that every message `refold` prints there is one line.
  /// A failure to write to stderr is ignored: there is nowhere left to say it.
  package static func err(_ line: String) {
    let oneLine = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    _ = writeAll(STDERR_FILENO, Array((oneLine + "\n").utf8))
  }

  /// Lines that follow a diagnostic (a divergence's diff), each indented by two spaces and with
  /// its control characters escaped: the values come from a log.
  package static func errDetail(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + quoted($0) }
    _ = writeAll(STDERR_FILENO, Array((lines.joined(separator: "\n") + "\n").utf8))
  }

  /// An error or warning line, after the tool's own name: `counter-tool: unknown feature …`.
  package static func diagnostic(_ text: String) {
    err("\(HostConfiguration.current.commandName): \(text)")
  }

  /// `text` (read from a file or typed by someone) with its control characters escaped, so that
  /// it cannot move the cursor, retitle the window or recolour the terminal it is printed on.
  package static func quoted(_ text: some StringProtocol) -> String {
    var quoted = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00..<0x20, 0x7F..<0xA0:
        quoted += "\\u{\(String(scalar.value, radix: 16))}"
      default:
        quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted
  }

  /// Ignores `SIGPIPE` for the process, so that writing to a pipe whose reader left fails with
  /// `EPIPE` instead of killing the process before its log is closed.
  package static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes all of `bytes`, retrying short writes and interruptions. Returns the `errno` of a
  /// failure, or nil.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
      var offset = 0
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }

  /// Whether stderr is a terminal, so that progress lines are worth drawing.
  package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// A progress line that redraws itself in place on a terminal, and stays silent elsewhere.
  package struct Progress {
    private let enabled = Terminal.stderrIsTerminal
    private var lastDrawn = Date.distantPast

    package init() {}

    package mutating func update(_ text: @autoclosure () -> String) {
      guard enabled, Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
      lastDrawn = Date()
      _ = Terminal.writeAll(STDERR_FILENO, Array("\r\u{1B}[K\(text())".utf8))
    }

    package func finish() {
      guard enabled else { return }
      _ = Terminal.writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8))
    }
  }
}
