import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A suite of one macro's expansions: `expect` expands `source` with the suite's `macros` and
/// records a Swift Testing issue, at the caller's line, where the result or the diagnostics differ.
protocol MacroExpansionTesting {
  /// The macros by the attribute names the sources use.
  var macros: [String: MacroSpec] { get }
}

extension MacroExpansionTesting {
  func expect(
    _ source: String, expands expanded: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    assertMacroExpansion(
      source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros,
      indentationWidth: .spaces(2)
    ) { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  }
}
