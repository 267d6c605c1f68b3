import DependencyGraph
import Testing

/// XcodeGen specs: the same project model a pbxproj gives, includes confined to the tree, and
/// hostile or broken specs a warning naming the file and line.
@Suite struct XcodeGenProjectReaderTests {
  func load(_ files: [String: String], spec: String = "project.yml") -> XcodeProject? {
    XcodeGenProjectReader.load(path: spec, files: files.mapValues { Array($0.utf8) })
  }

  /// XcodeGen writes `SWIFT_VERSION = 5.0` into the project's settings (its base preset) unless
  /// `settingPresets` leaves project presets out: a target whose spec names no Swift version is
  /// in Swift 5 mode, as in the project XcodeGen generates.
  @Test(
    arguments: [
      (nil, "5.0"), ("all", "5.0"), ("project", "5.0"), ("targets", nil), ("none", nil),
    ] as [(String?, String?)])
  func aTargetWithoutASwiftVersionGetsXcodeGensPreset(presets: String?, version: String?) throws {
    let options = presets.map { "options:\n  settingPresets: \($0)\n" } ?? ""
    let project = try #require(
      load([
        "project.yml": options + """
          targets:
            Mocks: {type: library.static, platform: iOS, sources: [Mocks]}
            App:
              type: application
              platform: iOS
              sources: [App]
              settings: {base: {SWIFT_VERSION: 6.2}}
          """
      ]))
    #expect(project.targets.map(\.name) == ["Mocks", "App"])
    #expect(project.targets[0].settings.swiftVersion == version)
    #expect(project.targets[1].settings.swiftVersion == "6.2")
  }

  @Test func targetsSourcesDependenciesAndSettings() throws {
    let project = try #require(
      load(
        [
          "Apps/project.yml": """
          name: Demo
          options:
            deploymentTarget: {iOS: '15.0', macOS: "13.0"}
          settings:
            SWIFT_VERSION: 5.9
          packages:
            Kit: {path: ../Kit}
          targets:
            App:
              type: application
              platform: iOS
              sources: [App, {path: Shared/Model.swift}, {path: Resources, buildPhase: resources}]
              dependencies:
                - target: Extension
                - package: Kit
                  products: [KitUI, KitCore]
                - package: Other
                - target: OtherProject/Lib
              settings:
                configs:
                  Debug: {SWIFT_STRICT_CONCURRENCY: minimal}
                  Release: {SWIFT_STRICT_CONCURRENCY: complete, SWIFT_APPROACHABLE_CONCURRENCY: true}
            Extension:
              type: app-extension
              platform: macOS
              deploymentTarget: "14.0"
              sources:
                - path: Extension
                  excludes: [Debug/Tools.swift, "**/*.generated.swift"]
          """
        ], spec: "Apps/project.yml"))
    #expect(project.root == "Apps")
    #expect(project.localPackages == ["Kit"])
    #expect(project.targets.map(\.name) == ["App", "Extension"])
    let app = project.targets[0]
    #expect(app.productType == .application)
    #expect(app.synchronizedFolders == [.init(path: "Apps/App")])
    #expect(app.sources == ["Apps/Shared/Model.swift"])
    #expect(app.dependencies == ["Extension"])
    #expect(app.packageProducts == ["KitCore", "KitUI", "Other"])
    #expect(app.settings.deploymentTargets == ["iOS": "15.0"])
    #expect(app.settings.swiftVersion == "5.9")
    #expect(app.settings.strictConcurrency == "complete")
    #expect(app.settings.approachableConcurrency)
    let extensionTarget = project.targets[1]
    #expect(extensionTarget.settings.deploymentTargets == ["macOS": "14.0"])
    #expect(
      extensionTarget.synchronizedFolders == [
        .init(path: "Apps/Extension", excluded: ["Apps/Extension/Debug/Tools.swift"])
      ])
    #expect(project.warnings.count == 1)
    #expect(project.warnings[0].contains("glob exclude `**/*.generated.swift` is not read"))
  }

  @Test func includesAreFollowedInsideTheTreeOnlyAndTheIncludingFileWins() throws {
    let project = try #require(
      load([
        "project.yml": """
        include:
          - Targets/app.yml
          - path: ../../outside.yml
          - /etc/absolute.yml
          - Missing/gone.yml
          - project.yml
        targets:
          App:
            platform: iOS
        """,
        "Targets/app.yml": """
        include: [loop.yml]
        targets:
          App:
            type: application
            platform: macOS
            sources: [../App]
        """,
        "Targets/loop.yml": "include: [app.yml]\n",
      ]))
    #expect(project.targets.map(\.name) == ["App"])
    #expect(project.targets[0].productType == .application)
    #expect(project.targets[0].synchronizedFolders == [.init(path: "App")])
    // The spec's own `platform` overrides the included one.
    #expect(project.targets[0].settings.deploymentTargets.isEmpty)
    let warnings = project.warnings.joined(separator: "\n")
    #expect(warnings.contains("include `../../outside.yml` is outside the scanned tree; not read"))
    #expect(warnings.contains("include `/etc/absolute.yml` is outside the scanned tree; not read"))
    #expect(warnings.contains("Missing/gone.yml: included, but not in the scanned tree; not read"))
    #expect(project.warnings.count == 3, "\(project.warnings)")
  }

  @Test func aSpecThatIsNotYAMLIsAWarningNamingTheLine() throws {
    let broken = try #require(load(["project.yml": "targets:\n  App:\n    type: [application\n"]))
    #expect(broken.targets.isEmpty)
    #expect(broken.warnings == ["project.yml: line 3: a flow collection is never closed; the file is not used"])
    for hostile in [
      "\u{0}\u{1}\u{2}binary", "targets: &anchor\n  App: *anchor\n", "targets:\n\tApp: {}\n",
      String(repeating: "[", count: 10_000), "targets:\n" + String(repeating: " ", count: 3) + "- x\n  y: z\n",
    ] {
      let project = load(["project.yml": hostile])
      #expect(project?.targets.isEmpty ?? true, "\(hostile.prefix(20))")
    }
    // A YAML file that is no XcodeGen spec (a CI workflow named project.yml) is passed over.
    #expect(load(["project.yml": "on:\n  push: {}\n"]) == nil)
  }

  @Test func depthAndSizeAreBounded() {
    var deep = "targets:\n"
    for level in 0..<200 { deep += String(repeating: " ", count: 2 * level + 2) + "k\(level):\n" }
    let nested = load(["project.yml": deep])
    #expect(nested?.warnings.first?.contains("nested more than") == true, "\(nested?.warnings ?? [])")
    let huge = load(["project.yml": "targets:\n" + String(repeating: "#", count: XcodeGenProjectReader.maximumSize)])
    #expect(huge?.warnings.first?.contains("more than a project spec holds") == true)
  }

  @Test func flowCollectionsReadNestedAcrossLines() throws {
    let node = try YAMLNode.parse(
      """
      a: [x, "y, z", {k: v, list: [1, 2]}, applinks:matrix.to]
      b: {
        c: d, # a comment
        e: [f,
            g]
      }
      - nope
      """.split(separator: "\n").dropLast().joined(separator: "\n"), flowCollections: .read)
    #expect(node["a"]?.items.compactMap(\.text) == ["x", "y, z", "applinks:matrix.to"])
    #expect(node["a"]?.items[2]["list"]?.items.compactMap(\.text) == ["1", "2"])
    #expect(node["b"]?["c"]?.text == "d")
    #expect(node["b"]?["e"]?.items.compactMap(\.text) == ["f", "g"])
    #expect(throws: YAMLNode.ParseError.self) { try YAMLNode.parse("a: {b: c}\n") }
  }
}
