import ScanModel
import Testing

@Suite struct SymbolTableTests {
  private func declaration(_ qualifiedName: String) -> SymbolTable.TypeSymbol {
    let name = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
    return .init(qualifiedName: qualifiedName, name: name)
  }

  /// File 0 declares top-level `State` and `Feature` with `Feature.State`; file 1 declares
  /// `APIClient` and `Outer.Inner.Leaf`; file 2 declares another top-level `State`.
  private var index: SymbolTable {
    SymbolTable(files: [
      .init(path: "A.swift", module: "App", types: ["State", "Feature", "Feature.State"].map(declaration)),
      .init(
        path: "B.swift", module: "Net",
        types: ["APIClient", "Outer", "Outer.Inner", "Outer.Inner.Leaf"].map(declaration)),
      .init(path: "C.swift", module: "Net", types: ["State"].map(declaration)),
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

  @Test func namesAreDeclaredAtAnyDepth() {
    #expect(index.files(declaring: "State") == [0, 2])
    #expect(index.files(declaring: "Leaf") == [1])
    #expect(index.files(declaring: "Inner.Leaf") == [])
    #expect(index.declares("Inner"))
    #expect(!index.declares("Missing"))
    for name in ["State", "Feature", "APIClient", "Outer"] { #expect(index.declaresTopLevel(name)) }
    // Nested only (`Outer.Inner`, `Outer.Inner.Leaf`), or not at all.
    for name in ["Inner", "Leaf", "Inner.Leaf", "Missing"] { #expect(!index.declaresTopLevel(name)) }
  }

  /// `Model.store` is typed `Store` in two files and `Other.store` `Cache`; `Screen.model` is typed
  /// once, once not; `Feed.items` has a qualified type.
  private var members: SymbolTable.MemberTypes {
    let table = SymbolTable(files: [
      .init(
        path: "A.swift",
        members: [
          .init(typePath: "App.Model", name: "store", type: "Store"),
          .init(typePath: "Screen", name: "model", type: "Model"),
          .init(typePath: "Feed", name: "items", type: "Items", typeQualifier: "Feed.Kind"),
        ]),
      .init(
        path: "B.swift",
        members: [
          .init(typePath: "Model", name: "store", type: "Store"),
          .init(typePath: "Other", name: "store", type: "Cache"),
          .init(typePath: "Screen", name: "model", type: ""),
          .init(typePath: "Screen", name: "unasked", type: "Unasked"),
        ]),
    ])
    return table.memberTypes { $0 != "unasked" }
  }

  @Test func aMemberIsTypedByItsOwnersLastNameWhenDeclarationsAgree() {
    let key = SymbolTable.MemberTypes.key
    #expect(members.byOwner[key("Model", "store")] == "Store")
    #expect(members.byOwner[key("Other", "store")] == "Cache")
    #expect(members.byOwner[key("Screen", "model")] == "Model")
    #expect(members.writtenByOwner[key("Feed", "items")] == "Feed.Kind.Items")
    #expect(members.byOwner[key("Feed", "items")] == "Items")
    // Names the caller did not ask for are not indexed.
    #expect(members.byOwner[key("Screen", "unasked")] == nil)
    #expect(members.types == ["Store", "Cache", "Model", "Items"])
  }

  @Test func aNameIsTypedOnlyWhenEveryDeclarationAgrees() {
    // Two owners type `store` differently: the name alone means neither.
    #expect(members.byName["store"] == "")
    // An untyped declaration is passed over by the simple table, not by the written one.
    #expect(members.byName["model"] == "Model")
    #expect(members.writtenByName["model"] == "")
    #expect(members.writtenByName["items"] == "Feed.Kind.Items")
  }

  @Test func disagreeingDeclarationsOfOneOwnerTypeNothing() {
    let table = SymbolTable(files: [
      .init(path: "A.swift", members: [.init(typePath: "Model", name: "store", type: "Store")]),
      .init(path: "B.swift", members: [.init(typePath: "Feature.Model", name: "store", type: "Cache")]),
    ])
    #expect(table.memberTypes { _ in true }.byOwner[SymbolTable.MemberTypes.key(owner: "Model", member: "store")] == "")
  }
}
