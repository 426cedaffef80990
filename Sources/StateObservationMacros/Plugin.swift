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
