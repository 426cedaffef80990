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
/// Everything written here is neutralised: a control character (C0 but the line breaks of
/// ``out(_:)``, DEL, C1 such as CSI U+009B) or a bidirectional override is written escaped,
/// never raw, whoever made the text. Logs come from users' devices and answers from servers, and
/// a call site that forgot ``quoted(_:)`` let a feature name retitle the window; now no call
/// site can forget. JSON documents go through ``outJSON(_:)``, which escapes them the JSON way.
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

  /// Writes `text` and a newline to stdout, its line breaks and tabs kept (a report, a state's
  /// dump, generated source) and every other control character escaped as ``quoted(_:)`` does.
  package static func out(_ text: String) {
    writeOut(quoted(text, keeping: ["\n", "\t"]))
  }

  /// Writes a JSON document (or JSON lines) and a newline to stdout, with every control
  /// character and bidirectional override a string may hold escaped as `\u00XX`: an encoder
  /// escapes C0 inside strings but may pass C1 (U+009B is a CSI on many terminals) and bidi
  /// overrides raw, as JSON allows. Outside its strings a JSON text holds no such character,
  /// so the document stays the same JSON.
  package static func outJSON(_ json: String) {
    writeOut(escapedJSON(json))
  }

  /// `json` with the characters of ``isNeutralised(_:)`` but its line breaks and tabs written
  /// as `\u00XX` escapes: the same JSON, safe to print.
  package static func escapedJSON(_ json: String) -> String {
    var escaped = ""
    for scalar in json.unicodeScalars {
      if scalar != "\n", scalar != "\t", isNeutralised(scalar) {
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func writeOut(_ text: String) {
    guard outputFailure == nil else { return }
    if let code = writeAll(STDOUT_FILENO, Array((text + "\n").utf8)) {
      failureLock.withLock { if failure == nil { failure = code } }
    }
  }

  /// Writes `line` to stderr as one line: newlines in what it quotes (an error's description,
  /// a divergence, a server's answer) become spaces, so that every message `refold` prints
  /// there is one line, and other control characters are escaped (``quoted(_:)``).
  /// A failure to write to stderr is ignored: there is nowhere left to say it.
  package static func err(_ line: String) {
    let oneLine = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    _ = writeAll(STDERR_FILENO, Array((quoted(oneLine) + "\n").utf8))
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

  /// `text` (read from a file or typed by someone) with its control characters and
  /// bidirectional overrides escaped as `\u{1b}`, so that it cannot move the cursor, retitle the
  /// window, recolour the terminal it is printed on or show its characters in another order
  /// than they are.
  package static func quoted(_ text: some StringProtocol) -> String {
    quoted(text, keeping: [])
  }

  /// ``quoted(_:)``, but the scalars of `keeping` are written as they are (the line breaks of a
  /// multi-line report).
  package static func quoted(_ text: some StringProtocol, keeping: Set<Unicode.Scalar>) -> String {
    var quoted = ""
    for scalar in text.unicodeScalars {
      if isNeutralised(scalar), !keeping.contains(scalar) {
        quoted += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted
  }

  /// Whether `scalar` is written escaped: C0 controls, DEL and C1 controls (a terminal acts on
  /// them), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069), which make text show in another order than it is read.
  package static func isNeutralised(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
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
      // The line's own CR and erase are the only control characters written raw.
      _ = Terminal.writeAll(STDERR_FILENO, Array("\r\u{1B}[K\(Terminal.quoted(text()))".utf8))
    }

    package func finish() {
      guard enabled else { return }
      _ = Terminal.writeAll(STDERR_FILENO, Array("\r\u{1B}[K".utf8))
    }
  }
}
