// libFuzzer target for the manifest reader: any bytes read as a Package.swift degrade the
// graph with warnings at worst, never trap, and the graph built from them is consistent.
// Built by .ci/fuzz, not by SwiftPM.
import DependencyGraph
import SwiftLexer

@_cdecl("LLVMFuzzerTestOneInput")
public func manifestFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = PackageManifestScanner.scan(Lexer.tokenize(bytes))
  let source = Array("import Foundation\nstruct A { let b: B }\n".utf8)
  let graph = ProjectGraphBuilder.build(
    manifests: [ProjectGraphBuilder.ManifestFile(path: "Package.swift", bytes: bytes)],
    files: [
      ProjectGraphBuilder.SourceFile(
        path: "Sources/Lib/A.swift", facts: ReferenceCollector.collect(Lexer.tokenize(source)), lines: 2)
    ])
  precondition(graph.files.count == 1, "the one source file must land in exactly one module")
  for module in graph.modules {
    for dependency in module.dependsOn {
      precondition(graph.module(named: dependency) != nil, "an edge must lead to a known module")
    }
  }
  return 0
}
