// The compiler plugin: the compiler finds each macro by this module's name and the type's, so
// the types are declared here; what they write is in MacroExpansions, where its tests reach it.
import MacroExpansions
import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct StateObservationPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    ObservationStateIgnoredMacro.self,
  ]
}

enum ObservableStateMacro: ObservableStateExpansion {}
enum ObservationStateTrackedMacro: ObservationStateTrackedExpansion {}
enum ObservationStateIgnoredMacro: ObservationStateIgnoredExpansion {}
