import PackagePlugin

/// Embeds the package's top-level `rules.json` into the target as `BuiltinRules.json`.
@main
struct EmbedRulesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "rules.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinRules.swift")
    return [
      .buildCommand(
        displayName: "Embedding rules.json",
        executable: try context.tool(named: "embed-rules").url,
        arguments: [input.path, output.path],
        inputFiles: [input],
        outputFiles: [output]
      )
    ]
  }
}
