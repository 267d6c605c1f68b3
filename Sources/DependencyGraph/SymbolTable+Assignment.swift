import ScanModel

extension SymbolTable {
  /// The table of `assignment`'s files, by their position there (the ids the graph resolves
  /// references with), each with its module; `members` gives a file's properties by its path
  /// (the graph needs none, the classifier does).
  package init(assignment: ModuleAssignment, members: (String) -> [MemberSymbol] = { _ in [] }) {
    let modules = assignment.resolver.modules
    let moduleOfFile = assignment.resolver.moduleOfFile
    self.init(sources: assignment.files, module: { modules[moduleOfFile[$0]].name }, members: members)
  }

  /// The table of `sources`, by their position, with the module `module` gives each position.
  package init(
    sources: [ProjectGraphBuilder.SourceFile], module: (Int) -> String, members: (String) -> [MemberSymbol]
  ) {
    var files: [File] = []
    files.reserveCapacity(sources.count)
    for (id, source) in sources.enumerated() {
      files.append(
        File(
          path: source.path, module: module(id),
          types: source.facts.declarations.map { TypeSymbol(qualifiedName: $0.qualifiedName, name: $0.name) },
          members: members(source.path)))
    }
    self.init(files: files)
  }
}
