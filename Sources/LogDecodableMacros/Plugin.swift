import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct LogDecodablePlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [LogDecodableMacro.self]
}
