import DependencyGraph
import Testing

/// The workspace reader: locations resolved as Xcode resolves them, nothing outside the scanned
/// root named, and broken or hostile files a warning with the line.
@Suite struct XcodeWorkspaceReaderTests {
  func read(_ text: String, at path: String = "Apps/Shop.xcworkspace/contents.xcworkspacedata") -> XcodeWorkspace {
    XcodeWorkspaceReader.read(path: path, bytes: Array(text.utf8))
  }

  @Test func groupAndContainerLocationsResolveAgainstTheirBase() {
    let workspace = read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Workspace version = "1.0">
        <!-- <FileRef location = "group:Commented.xcodeproj"/> -->
        <FileRef location = "group:App/App.xcodeproj"></FileRef>
        <Group location = "container:Modules" name = "Modules">
          <FileRef location = 'group:Core/Core.xcodeproj'/>
          <Group location = "group:Kits">
            <FileRef location = "group:Catalog"></FileRef>
            <FileRef location = "container:Tools/Lint"></FileRef>
          </Group>
        </Group>
        <Group name = "No location">
          <FileRef location = "group:Tom &amp; Jerry.xcodeproj"></FileRef>
        </Group>
        <FileRef location = "self:"></FileRef>
        <FileRef location = "group:App/App.xcodeproj"></FileRef>
      </Workspace>
      """)
    #expect(
      workspace.projects == [
        "Apps/App/App.xcodeproj", "Apps/Modules/Core/Core.xcodeproj", "Apps/Tom & Jerry.xcodeproj",
      ])
    #expect(workspace.folders == ["Apps/Modules/Kits/Catalog", "Apps/Tools/Lint"])
    #expect(workspace.warnings.isEmpty)
  }

  @Test func locationsOutsideTheRootAreNeverNamed() {
    let workspace = read(
      """
      <Workspace>
        <FileRef location = "absolute:/etc"></FileRef>
        <FileRef location = "group:../../../home/ci/.ssh"></FileRef>
        <FileRef location = "container:/etc/passwd"></FileRef>
        <Group location = "absolute:/usr">
          <FileRef location = "group:Inner.xcodeproj"></FileRef>
        </Group>
        <FileRef location = "group:../Sibling/Sibling.xcodeproj"></FileRef>
      </Workspace>
      """)
    // `Apps/../Sibling` is still inside the root; the rest is refused, and nothing below a
    // refused group is named either.
    #expect(workspace.projects == ["Sibling/Sibling.xcodeproj"])
    #expect(workspace.folders.isEmpty)
    #expect(workspace.warnings.count == 4)
    #expect(
      workspace.warnings[0].hasPrefix(
        "Apps/Shop.xcworkspace/contents.xcworkspacedata: line 2: location `absolute:/etc`"))
    #expect(workspace.warnings[1].contains("line 3") && workspace.warnings[1].contains("leaves the scanned root"))
    #expect(workspace.warnings.allSatisfy { $0.hasSuffix("; not read") })
  }

  @Test func brokenInputIsAWarningNamingTheLineAndWhatWasReadStays() {
    let truncated = read(
      "<Workspace>\n  <FileRef location = \"group:A.xcodeproj\"></FileRef>\n  <FileRef location = \"gro")
    #expect(truncated.projects == ["Apps/A.xcodeproj"])
    #expect(truncated.warnings.count == 1)
    #expect(truncated.warnings[0].contains("line 3"), "\(truncated.warnings)")
    for hostile in [
      "<Workspace><!DOCTYPE x [<!ENTITY a \"b\">]></Workspace>", "</Workspace>", "<Workspace><!-- never closed",
      "<Workspace location=unquoted>", "not xml at all", "\u{0}\u{1}<<<>>>",
    ] {
      let workspace = read(hostile)
      #expect(workspace.projects.isEmpty, "\(hostile)")
    }
  }

  @Test func depthAndSizeAreBounded() {
    let deep = String(repeating: "<Group location = \"group:a\">", count: 10_000)
    let nested = read("<Workspace>" + deep)
    #expect(nested.warnings.count == 1)
    #expect(nested.warnings[0].contains("nested more than"))
    let huge = read(String(repeating: " ", count: XcodeWorkspaceReader.maximumSize + 1))
    #expect(huge.warnings.count == 1)
    #expect(huge.warnings[0].contains("not read"))
  }

  @Test func aWorkspaceJoinsProjectsAndItsPackages() {
    // The app links `Core.framework`, which the other project builds, and a package product of
    // a package only the workspace names.
    var app = XcodeProject.Target(name: "App", productType: .application, sources: ["App/Main.swift"])
    app.linkedProducts = ["Core"]
    app.packageProducts = ["Catalog"]
    var widget = XcodeProject.Target(name: "Widget", productType: .appExtension, sources: ["App/Widget.swift"])
    widget.externalDependencies = [.init(project: "Core/Core.xcodeproj", target: "Core")]
    let appProject = XcodeProject(path: "App/App.xcodeproj/project.pbxproj", root: "App", targets: [app, widget])
    let core = XcodeProject.Target(name: "Core", productType: .framework, sources: ["Core/Session.swift"])
    let coreProject = XcodeProject(path: "Core/Core.xcodeproj/project.pbxproj", root: "Core", targets: [core])
    let manifest = PackageManifest(
      products: [.init(name: "Catalog", kind: "library", targets: ["Catalog"])],
      targets: [.init(name: "Catalog", kind: .regular)])
    let catalog = ScannedPackage(manifestPath: "Vendor/Catalog/Package.swift", manifest: manifest)
    let other = ScannedPackage(manifestPath: "Other/Catalog/Package.swift", manifest: manifest)
    let files = ["App/Main.swift", "App/Widget.swift", "Core/Session.swift"]
    let workspace = XcodeWorkspace(
      path: "Shop.xcworkspace/contents.xcworkspacedata", projects: ["App/App.xcodeproj", "Core/Core.xcodeproj"],
      folders: ["Vendor/Catalog"])
    let joined = ModuleResolver(
      packages: [other, catalog], filePaths: files, xcodeProjects: [appProject, coreProject],
      xcodeWorkspaces: [workspace])
    #expect(joined.modules.map(\.moduleName) == ["Catalog", "Catalog", "App", "Widget", "Core"])
    // The workspace's package, not the first in-tree package of that name.
    #expect(joined.modules[2].dependencies == [1, 4])
    // A project reference resolves without a workspace too.
    #expect(joined.modules[3].dependencies == [4])

    let apart = ModuleResolver(
      packages: [other, catalog], filePaths: files, xcodeProjects: [appProject, coreProject])
    // Without the workspace a framework of another project is not seen by its product name.
    #expect(apart.modules[2].dependencies == [0])
    #expect(apart.modules[3].dependencies == [4])
  }

  @Test func aProjectTheWorkspaceNamesButTheTreeLacksIsSaid() {
    let workspace = XcodeWorkspace(path: "W.xcworkspace/contents.xcworkspacedata", projects: ["Gone/Gone.xcodeproj"])
    let app = XcodeProject.Target(name: "App", productType: .application, sources: ["Main.swift"])
    let resolver = ModuleResolver(
      packages: [], filePaths: ["Main.swift"],
      xcodeProjects: [XcodeProject(path: "App.xcodeproj/project.pbxproj", root: "", targets: [app])],
      xcodeWorkspaces: [workspace])
    #expect(
      resolver.warnings.map(\.description).contains { $0.contains("`Gone/Gone.xcodeproj` is not in the scanned tree") })
  }

  @Test func aFrameworkTwoPlatformsBuildIsLinkedForTheTargetsOwn() {
    func target(_ name: String, _ type: XcodeProject.ProductType, _ platform: String) -> XcodeProject.Target {
      var target = XcodeProject.Target(name: name, productType: type, sources: ["\(name)/A.swift"])
      target.settings = XcodeBuildSettings(configuration: "Release", deploymentTargets: [platform: "9.0"])
      target.settings.productName = type == .framework ? "Shared" : nil
      target.settings.productModuleName = target.settings.productName
      return target
    }
    var widget = target("Widget", .appExtension, "iOS")
    widget.linkedProducts = ["Shared"]
    var watch = target("Watch", .application, "watchOS")
    watch.linkedProducts = ["Shared"]
    let project = XcodeProject(
      path: "A.xcodeproj/project.pbxproj", root: "",
      targets: [
        target("Shared-iOS", .framework, "iOS"), target("Shared-watchOS", .framework, "watchOS"), widget, watch,
      ])
    let resolver = ModuleResolver(packages: [], filePaths: project.targets.flatMap(\.sources), xcodeProjects: [project])
    #expect(resolver.modules[2].dependencies == [0])
    #expect(resolver.modules[3].dependencies == [1])
  }
}
