// libFuzzer target for the project-file readers (project.pbxproj, contents.xcworkspacedata,
// XcodeGen's project.yml): any bytes give warnings at worst, never trap, and no path they
// produce leaves the scanned root. Built by .ci/fuzz, not by SwiftPM.
import DependencyGraph

@_cdecl("LLVMFuzzerTestOneInput")
public func projectFileFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  func inside(_ path: String) {
    precondition(!path.hasPrefix("/"), "an absolute path escaped: \(path)")
    precondition(!path.split(separator: "/").contains(".."), "a path climbed out: \(path)")
  }
  let project = XcodeProjectLoader.load(path: "A/App.xcodeproj/project.pbxproj", bytes: bytes)
  for target in project.targets {
    target.sources.forEach(inside)
    target.synchronizedFolders.map(\.path).forEach(inside)
  }
  project.localPackages.forEach(inside)
  let workspace = XcodeWorkspaceReader.read(path: "A/W.xcworkspace/contents.xcworkspacedata", bytes: bytes)
  (workspace.projects + workspace.folders).forEach(inside)
  let files = ["A/project.yml": bytes, "A/more.yml": bytes]
  if let spec = XcodeGenProjectReader.load(path: "A/project.yml", files: files) {
    for target in spec.targets {
      target.sources.forEach(inside)
      target.synchronizedFolders.map(\.path).forEach(inside)
    }
    spec.localPackages.forEach(inside)
  }
  return 0
}
