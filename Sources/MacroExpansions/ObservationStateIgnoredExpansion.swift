public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@ObservationStateIgnored`: leaves a stored property out of `@ObservableState`'s tracking.
/// It stays a plain stored property, and its reads are not reported.
/// (The expansion as a protocol's extension: see `ObservableStateExpansion`.)
public protocol ObservationStateIgnoredExpansion: AccessorMacro {}

extension ObservationStateIgnoredExpansion {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
