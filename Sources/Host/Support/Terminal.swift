import Foundation

/// Writing to the standard streams. Results go to stdout (machines read them); diagnostics,
/// progress and the demo's console view go to stderr or stdout as documented per command.
enum Terminal {
  static func out(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Writes `line` to stderr as one line: newlines in what it quotes (an error's description,
  /// a divergence) become spaces, so that every message `refold` prints there is one line.
  static func err(_ line: String) {
    let oneLine = line.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data((oneLine + "\n").utf8))
  }

  /// Whether stderr is a terminal, so that progress lines are worth drawing.
  static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// A progress line that redraws itself in place on a terminal, and stays silent elsewhere.
  struct Progress {
    private let enabled = Terminal.stderrIsTerminal
    private var lastDrawn = Date.distantPast

    mutating func update(_ text: @autoclosure () -> String) {
      guard enabled, Date().timeIntervalSince(lastDrawn) > 0.1 else { return }
      lastDrawn = Date()
      FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
    }

    func finish() {
      guard enabled else { return }
      FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
  }
}
