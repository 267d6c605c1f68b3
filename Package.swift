// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "migrate-scan",
  products: [.executable(name: "migrate-scan", targets: ["migrate-scan"])],
  targets: [
    // Leaves: the lexer imports nothing, the model holds plain values.
    .target(name: "SwiftLexer"),
    .target(name: "ScanModel"),
    // The tree-wide passes (graph, finalise) split their per-file work over threads with it.
    .target(name: "ParallelWork"),
    .target(name: "RuleEngine", dependencies: ["SwiftLexer", "ScanModel"]),
    .target(name: "Classify", dependencies: ["RuleEngine", "SwiftLexer", "ScanModel", "ParallelWork"]),
    .target(name: "DependencyGraph", dependencies: ["SwiftLexer", "ScanModel", "ParallelWork"]),
    // The JSON schema sits beside the writer it documents; it is not a build input.
    .target(
      name: "Reports", dependencies: ["ScanModel", "ParallelWork"], exclude: ["report.schema.json", "diff.schema.json"]
    ),
    .target(
      name: "MigrateScanKit",
      dependencies: [
        "SwiftLexer", "ScanModel", "RuleEngine", "Classify", "DependencyGraph", "Reports", "ParallelWork",
      ],
      plugins: ["EmbedRulesPlugin"]
    ),
    .executableTarget(name: "migrate-scan", dependencies: ["MigrateScanKit", "ParallelWork"]),
    // The benchmark (`.ci/bench`): numbers, never tests.
    .executableTarget(name: "migrate-scan-bench", dependencies: ["SwiftLexer"]),

    // The built-in catalogue is the top-level rules.json, embedded at build time, so there is
    // one source of truth and the binary works from any directory.
    .executableTarget(name: "embed-rules", path: "Sources/embed-rules"),
    .plugin(
      name: "EmbedRulesPlugin",
      capability: .buildTool(),
      dependencies: ["embed-rules"],
      path: "Sources/EmbedRulesPlugin"
    ),

    .target(
      name: "MigrateScanTestSupport",
      dependencies: ["SwiftLexer", "ScanModel"],
      path: "Tests/MigrateScanTestSupport"
    ),
    .testTarget(name: "SwiftLexerTests", dependencies: ["SwiftLexer", "MigrateScanTestSupport"]),
    .testTarget(name: "ParallelWorkTests", dependencies: ["ParallelWork"]),
    .testTarget(name: "RuleEngineTests", dependencies: ["RuleEngine", "MigrateScanTestSupport"]),
    .testTarget(
      name: "RuleFixtureTests",
      dependencies: ["MigrateScanKit", "RuleEngine", "Classify", "ScanModel", "MigrateScanTestSupport"]
    ),
    .testTarget(name: "ClassifyTests", dependencies: ["Classify", "ScanModel", "MigrateScanTestSupport"]),
    .testTarget(
      name: "DependencyGraphTests", dependencies: ["DependencyGraph", "ScanModel", "MigrateScanTestSupport"]),
    .testTarget(name: "ReportsTests", dependencies: ["Reports", "ScanModel", "MigrateScanTestSupport"]),
    .testTarget(name: "MigrateScanKitTests", dependencies: ["MigrateScanKit", "MigrateScanTestSupport"]),
  ]
)
