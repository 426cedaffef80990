import PackagePlugin

/// Writes W2's wide states for the BenchWorkloads target at build time, with
/// `generate-wide-state` (Benchmarks/GenerateWideState): 12,000 lines that are the same for every
/// build, so no file of the repository holds them.
@main
struct WideStateGenerator: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "WideState.swift")
    return [
      .buildCommand(
        displayName: "Generating W2's wide states (\(output.lastPathComponent))",
        executable: try context.tool(named: "generate-wide-state").url,
        arguments: [output.path],
        inputFiles: [],
        outputFiles: [output]
      )
    ]
  }
}
