import DependencyGraph
import Testing

@Suite struct DeclarationIndexTests {
  private func declaration(_ qualifiedName: String) -> FileFacts.Declaration {
    let name = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
    return .init(kind: .struct, qualifiedName: qualifiedName, name: name)
  }

  /// File 0 declares top-level `State` and `Feature` with `Feature.State`; file 1 declares
  /// `APIClient` and `Outer.Inner.Leaf`; file 2 declares another top-level `State`.
  private var index: DeclarationIndex {
    DeclarationIndex(files: [
      FileFacts(declarations: ["State", "Feature", "Feature.State"].map(declaration)),
      FileFacts(declarations: ["APIClient", "Outer", "Outer.Inner", "Outer.Inner.Leaf"].map(declaration)),
      FileFacts(declarations: ["State"].map(declaration)),
    ])
  }

  @Test func bareNamesMeanTopLevelTypes() {
    #expect(index.files(resolving: "APIClient", from: 2) == [1])
    #expect(index.files(resolving: "State", from: 1) == [0, 2])
    // `Leaf` is nested: its bare name is not visible outside its parent.
    #expect(index.files(resolving: "Leaf", from: 0) == [])
    #expect(index.files(resolving: "String", from: 0) == [])
  }

  @Test func aFileNamingATypeItDeclaresMeansItsOwn() {
    #expect(index.files(resolving: "State", from: 0) == [])
    #expect(index.files(resolving: "State", from: 2) == [])
    // Nested declarations count too: file 1 declares a `Leaf`.
    #expect(index.files(resolving: "Leaf", from: 1) == [])
  }

  @Test func qualifiedPathsMeanNestedTypesElseAModuleQualifier() {
    #expect(index.files(resolving: "Feature.State", from: 2) == [0])
    #expect(index.files(resolving: "Inner.Leaf", from: 0) == [1])
    #expect(index.files(resolving: "Outer.Inner.Leaf", from: 0) == [1])
    // No nested type ends with the path: the qualifier was a module.
    #expect(index.files(resolving: "Networking.APIClient", from: 0) == [1])
    #expect(index.files(resolving: "Networking.State", from: 1) == [0, 2])
    #expect(index.files(resolving: "Networking.Missing", from: 1) == [])
  }
}
