// The compiler plugin: the compiler finds the macro by this module's name and the type's, so
// the type is declared here; what it writes is in MacroExpansions, where its tests reach it.
import MacroExpansions
import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct LogDecodablePlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [LogDecodableMacro.self]
}

enum LogDecodableMacro: LogDecodableExpansion {}
