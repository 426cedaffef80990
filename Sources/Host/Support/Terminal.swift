import Foundation

/// Writing to the standard streams. Results go to stdout (machines read them); diagnostics,
/// progress and the demo's console view go to stderr or stdout as documented per command.
package enum Terminal {
  package static func out(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Writes `line` to stderr as one line: newlines in what it quotes (an error's description,
  /// a divergence) become spaces, so that every message `refold` prints there is one line.
  package static func err(_ line: String) {
    let oneLine = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data((oneLine + "\n").utf8))
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
      FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
    }

    package func finish() {
      guard enabled else { return }
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
  }
}
