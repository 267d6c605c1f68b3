import DependencyGraph
import Testing

/// A cycle's member list is built once and shared by its modules: built per module, a
/// 5,000-module cycle held 25 million names (about 400 MB).
@Suite struct CycleSharingTests {
  @Test func modulesOfACycleShareOneMemberList() {
    let names = (0..<50).map { "M\($0)" }
    let files = names.indices.map { index in
      source(
        "\(names[index])/F.swift", declares: ["T\(index)"], references: ["T\((index + 1) % names.count)"])
    }
    let graph = ProjectGraphBuilder.build(manifests: [], files: files)
    let buffers = Set(
      names.compactMap { name in
        graph.module(named: name)?.cycle.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
      })
    #expect(graph.module(named: "M0")?.cycle == names.sorted())
    #expect(buffers.count == 1, "\(buffers.count) copies of the member list")
  }
}
